import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@shared/invoicing/invoicing.schema';
import { argentineMonth } from '@shared/time';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  approvedSale,
  callAs,
  createPayWorld,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { saveTaxData } from '../../../../tests/factories/invoicing-app';
import { TEST_ARCA_CUIT, writeArcaTestCertificate } from '../../../../tests/fakes/arca-test-cert';
import { startFakeArca, type FakeArca } from '../../../../tests/fakes/fake-arca';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { arcaTickets } from './invoicing.table';

/**
 * The whole way, as a deployment runs it: ARCA_* configured, the SOAP client
 * with its tickets in the database, the local fake of WSAA and WSFEv1 checking
 * every field as ARCA does.
 */
describe('the month invoiced through the SOAP client and the fake ARCA', () => {
  let fake: FakeArca;
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;
  let certificates: string;
  const month = argentineMonth(new Date());

  const run = () => callAs(t, admin, 'POST', '/api/admin/invoices/run', { month });
  const sell = () => approvedSale(t, world);

  beforeAll(async () => {
    certificates = mkdtempSync(path.join(tmpdir(), 'vendemas-arca-'));
    const files = writeArcaTestCertificate(certificates);
    fake = await startFakeArca({ trustedCertificatePem: files.certificatePem });
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      ARCA_CUIT: TEST_ARCA_CUIT,
      ARCA_CERT: files.certificatePath,
      ARCA_KEY: files.keyPath,
      ARCA_POINT_OF_SALE: '7',
      ARCA_WSAA_URL: fake.wsaaUrl,
      ARCA_WSFE_URL: fake.wsfeUrl,
    });
    world = await createPayWorld(t);
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
    await saveTaxData(t, world.company, { tax_id: '30-70000000-8', tax_condition: 'exento' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    rmSync(certificates, { recursive: true, force: true });
  });

  it('authorizes a letter B invoice that ARCA holds, with one login kept in the database', async () => {
    await sell();
    const made = await run();
    expect(made.statusCode).toBe(202);
    const [invoice] = made.json().created as Invoice[];
    expect(invoice).toMatchObject({ letter: 'B', number: 1, status: 'authorized' });
    expect(fake.vouchers.get('7-6-1')).toBeDefined();
    expect(invoice!.cae).toBe(fake.vouchers.get('7-6-1')!.cae);

    await sell();
    expect((await run()).json()).toMatchObject({ authorized: 1 });
    // The second document used the ticket the first login stored.
    expect(fake.logins).toBe(1);
    expect(await t.db.select().from(arcaTickets)).toHaveLength(1);
  });

  it('looks a lost answer up in ARCA and takes its CAE instead of sending it again', async () => {
    await sell();
    fake.loseNextAnswer('FECAESolicitar');
    const lost = await run();
    expect(lost.json()).toMatchObject({ authorized: 0, pending: 1 });
    const pending = (lost.json().created as Invoice[])[0]!;
    expect(pending).toMatchObject({ status: 'pending', number: 3 });
    const held = fake.vouchers.size;

    const retried = await callAs(t, admin, 'POST', `/api/admin/invoices/${pending.id}/retry`);
    expect(retried.json()).toMatchObject({ status: 'authorized', number: 3 });
    expect(retried.json().cae).toBe(fake.vouchers.get('7-6-3')!.cae);
    expect(fake.vouchers.size).toBe(held);
  });

  it('keeps the document pending when ARCA does not answer, and sends it once it does', async () => {
    await sell();
    fake.failNext(503);
    const failed = await run();
    expect(failed.json()).toMatchObject({ authorized: 0, pending: 1 });
    const pending = (failed.json().created as Invoice[])[0]!;
    const retried = await callAs(t, admin, 'POST', `/api/admin/invoices/${pending.id}/retry`);
    expect(retried.json()).toMatchObject({ status: 'authorized', number: 4 });
  });
});
