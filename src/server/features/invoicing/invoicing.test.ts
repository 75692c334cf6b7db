import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICING_MESSAGES, type Invoice } from '@shared/invoicing/invoicing.schema';
import { argentineMonth, nextMonth } from '@shared/time';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { memoryArca, type MemoryArca } from '../../../../tests/fakes/memory-arca';
import {
  approvedSale,
  callAs,
  createPayWorld,
  moveOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import {
  invoicingApp,
  PLATFORM_CUIT,
  saveTaxData,
} from '../../../../tests/factories/invoicing-app';
import type { TestApp } from '../../../../tests/setup/test-app';
import { auditLog } from '../audit/audit.table';
import { inboxDir, readInbox } from '../mail/mailer';
import { notifications } from '../notifications/notifications.table';
import { invoiceEntries } from './invoicing.table';

/** Each sale of the pay world leaves the platform $ 250 (25 % of a $ 1.000 commission). */
const PLATFORM = 25_000;

describe('the fiscal documents of the platform’s commission', () => {
  let t: TestApp;
  let arca: MemoryArca;
  let world: PayWorld;
  let admin: CreatedUser;
  const month = argentineMonth(new Date());
  const sold: string[] = [];

  const run = () => callAs(t, admin, 'POST', '/api/admin/invoices/run', { month });
  const documents = async () =>
    (await callAs(t, admin, 'GET', `/api/admin/invoices?company_id=${world.company.id}`)).json()
      .invoices as Invoice[];
  const sell = async () => {
    const id = await approvedSale(t, world);
    sold.push(id);
    return id;
  };

  beforeAll(async () => {
    arca = memoryArca();
    t = await invoicingApp(arca);
    world = await createPayWorld(t);
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  });
  afterAll(() => t.close());

  it('keeps a company without tax data waiting, says why, and tells it once', async () => {
    await sell();
    const first = await run();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({
      configured: true,
      created: [],
      waiting: [
        {
          company_id: world.company.id,
          month,
          platform_cents: PLATFORM,
          reason: INVOICING_MESSAGES.missingTaxData,
        },
      ],
    });
    await run();
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, world.company.id));
    expect(told.filter((row) => row.kind === 'company_tax_data_missing')).toHaveLength(1);
    const status = await callAs(t, admin, 'GET', '/api/admin/invoices/status');
    expect(status.json()).toMatchObject({
      configured: true,
      production: false,
      point_of_sale: 3,
      waiting: [{ company_id: world.company.id, reason: INVOICING_MESSAGES.missingTaxData }],
    });
  });

  it('invoices the month once: letter A, net + VAT = total, authorized, entries taken', async () => {
    await sell();
    await saveTaxData(t, world.company, { tax_condition: 'responsable_inscripto' });
    const made = await run();
    expect(made.json()).toMatchObject({ authorized: 1, rejected: 0, pending: 0, waiting: [] });
    const [invoice] = made.json().created as Invoice[];
    expect(invoice).toMatchObject({
      kind: 'invoice',
      letter: 'A',
      point_of_sale: 3,
      number: 1,
      total_cents: 2 * PLATFORM,
      net_cents: 41_322,
      vat_cents: 8_678,
      status: 'authorized',
      company_name: 'Yerbatera Misionera S.A.',
    });
    expect(invoice!.cae).toMatch(/^\d{14}$/);
    expect(arca.vouchers.at(-1)).toMatchObject({
      type: 1,
      docNumber: '30712345671',
      receiverVatConditionId: 1,
      vat: { id: 5, baseCents: 41_322, amountCents: 8_678 },
    });

    const runs = await t.db.select().from(auditLog).where(eq(auditLog.targetId, month));
    expect(runs.map((row) => [row.action, row.actorId, row.after])).toContainEqual([
      'invoicing.month_run',
      admin.id,
      { documents: 1, total_cents: 2 * PLATFORM },
    ]);

    // Running it again makes nothing: every entry is on the document.
    const again = await run();
    expect(again.json()).toMatchObject({ created: [], waiting: [] });
    expect(await documents()).toHaveLength(1);
    const taken = await t.db
      .select()
      .from(invoiceEntries)
      .where(eq(invoiceEntries.invoiceId, invoice!.id));
    expect(taken).toHaveLength(2);
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, world.company.id));
    expect(told.filter((row) => row.kind === 'company_invoice_authorized')).toHaveLength(1);

    // The company's e-mail carries the document's PDF.
    await t.app.outbox.drain();
    const mail = (await readInbox(t.config.dataDir)).find((entry) =>
      entry.subject.startsWith('Factura A 00003-00000001'),
    );
    expect(mail?.to).toBe(world.company.email);
    const eml = await readFile(path.join(inboxDir(t.config.dataDir), `${mail!.id}.eml`), 'utf8');
    expect(eml).toMatch(/Content-Type: application\/pdf; name=factura-A-00003-00000001\.pdf/);
  });

  it('turns a refund of an invoiced sale into a credit note on the invoice', async () => {
    await moveOrder(t, sold[0]!, 'refunded');
    const made = await run();
    expect(made.json().created).toMatchObject([
      { kind: 'credit_note', letter: 'A', number: 1, total_cents: PLATFORM, status: 'authorized' },
    ]);
    expect(arca.vouchers.at(-1)).toMatchObject({
      type: 3,
      associated: { type: 1, pointOfSale: 3, number: 1, cuit: PLATFORM_CUIT },
    });
  });

  it('answers 404 for another company’s PDF and 409 for a document not authorized', async () => {
    const [invoice] = await documents();
    const other = await createUser(t.app, { role: 'company', company: 'Otra SA' });
    const foreign = await callAs(t, other, 'GET', `/api/company/invoices/${invoice!.id}/pdf`);
    expect(foreign.statusCode).toBe(404);
    const own = await callAs(t, world.company, 'GET', `/api/company/invoices/${invoice!.id}/pdf`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const list = await callAs(t, other, 'GET', '/api/company/invoices');
    expect(list.json()).toEqual({ invoices: [] });
  });

  it('refuses a month that has not begun, and a retry of an authorized document', async () => {
    const future = await callAs(t, admin, 'POST', '/api/admin/invoices/run', {
      month: nextMonth(month),
    });
    expect(future.statusCode).toBe(400);
    const [invoice] = await documents();
    const retry = await callAs(t, admin, 'POST', `/api/admin/invoices/${invoice!.id}/retry`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.message).toBe(INVOICING_MESSAGES.notRetryable);
  });

  it('looks a lost answer up before sending again: one voucher in ARCA', async () => {
    await sell();
    arca.loseNextAnswer();
    const lost = await run();
    expect(lost.json()).toMatchObject({ authorized: 0, pending: 1 });
    const pending = (await documents()).find((invoice) => invoice.status === 'pending')!;
    expect(pending.number).toBe(2);
    const vouchersBefore = arca.vouchers.length;

    const retried = await callAs(t, admin, 'POST', `/api/admin/invoices/${pending.id}/retry`);
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ status: 'authorized', number: 2 });
    expect(retried.json().cae).toBe(arca.vouchers.at(-1)!.cae);
    expect(arca.vouchers).toHaveLength(vouchersBefore);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.targetId, pending.id));
    expect(audited.map((row) => row.action)).toEqual(['invoicing.retried']);
  });

  it('keeps a refusal with ARCA’s words and sends it again with the fixed data', async () => {
    await sell();
    arca.refuseNext([{ code: 10013, message: 'El receptor no puede recibir comprobantes A' }]);
    const refused = await run();
    expect(refused.json()).toMatchObject({ rejected: 1 });
    const rejected = (await documents()).find((invoice) => invoice.status === 'rejected')!;
    expect(rejected).toMatchObject({
      number: null,
      observations: [{ code: 10013, message: 'El receptor no puede recibir comprobantes A' }],
    });

    await saveTaxData(t, world.company, { tax_condition: 'consumidor_final' });
    const retried = await callAs(t, admin, 'POST', `/api/admin/invoices/${rejected.id}/retry`);
    expect(retried.json()).toMatchObject({
      status: 'authorized',
      letter: 'B',
      number: 1,
      net_cents: 20_661,
      vat_cents: 4_339,
      observations: [],
    });
    expect(arca.vouchers.at(-1)).toMatchObject({ type: 6, receiverVatConditionId: 5 });
  });
});
