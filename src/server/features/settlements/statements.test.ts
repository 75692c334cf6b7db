import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  buy,
  createPayWorld,
  type PayWorld,
  callAs,
  PAY_WORLD_SALE,
  moveOrder,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { PERIOD_MESSAGES } from '@shared/messages';
import { argentineDay, argentineMonth, argentineTime, nextMonth } from '@shared/time';
import { DEMO_PLATFORM_BANK } from '../../config/store-config';
import { notifyStatementsReady } from './statements.service';

/** $ 10.000 at 10 %: each sale owes $ 1.000 of commission, $ 750 to the seller and $ 250 to the platform. */
const SELLER = PAY_WORLD_SALE.sellerCents;
const PLATFORM = 25_000;

describe('Liquidaciones: monthly statements from the ledger and company payments', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;
  const month = argentineMonth(new Date());
  const orderIds: string[] = [];

  const as = (user: CreatedUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    callAs(t, user, method, url, payload);

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV });
    world = await createPayWorld(t);
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
    for (let i = 0; i < 3; i += 1) {
      const placed = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
      orderIds.push(placed.json().order_id as string);
    }
    // Two sales approved, one of them refunded; the third never paid.
    await moveOrder(t, orderIds[0]!, 'approved');
    await moveOrder(t, orderIds[1]!, 'approved');
    await moveOrder(t, orderIds[1]!, 'refunded');
  });
  afterAll(() => t.close());

  it('lists the month with the commission owed, net of refunds', async () => {
    const list = await as(world.company, 'GET', '/api/company/settlements');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      balance_cents: SELLER + PLATFORM,
      months: [
        {
          month,
          owed_cents: SELLER + PLATFORM,
          sellers_cents: SELLER,
          platform_cents: PLATFORM,
          paid_cents: 0,
          collected_cents: 0,
          closing_cents: SELLER + PLATFORM,
          closed: false,
        },
      ],
      pay_to: {
        bank: DEMO_PLATFORM_BANK,
        reference: expect.stringMatching(/^LIQ-[0-9A-HJKMNP-TV-Z]{8}$/),
      },
    });
  });

  it('says where to transfer the balance and the reference to write, the one the admin sees for the company', async () => {
    const mine = (await as(world.company, 'GET', '/api/company/settlements')).json().pay_to;
    expect(mine.bank).toEqual({
      name: 'Banco Santander Argentina',
      holder: 'VendeMás S.A.',
      cbu: '0720001400000045678918',
      alias: 'VENDEMAS.PAGOS',
      cuit: '30-71642089-9',
    });
    const admins = await as(admin, 'GET', `/api/admin/settlements/${world.company.id}`);
    expect(admins.json().pay_to).toEqual(mine);
    // Each company has its own reference, the same every time it is asked.
    const other = await createUser(t.app, { role: 'company', company: 'Otra SA' });
    const theirs = (await as(other, 'GET', '/api/company/settlements')).json().pay_to;
    expect(theirs.reference).not.toBe(mine.reference);
    expect((await as(other, 'GET', '/api/company/settlements')).json().pay_to).toEqual(theirs);
  });

  it('shows the month order by order: sales, the refund, per seller, and balances that add up', async () => {
    const response = await as(world.company, 'GET', `/api/company/settlements/${month}`);
    expect(response.statusCode).toBe(200);
    const statement = response.json();
    expect(statement.company.name).toBe('Yerbatera Misionera SA');
    expect(statement.lines).toHaveLength(3);
    expect(
      statement.lines.map((line: { kind: string; total_cents: number }) => [
        line.kind,
        line.total_cents,
      ]),
    ).toEqual([
      ['accrual', SELLER + PLATFORM],
      ['accrual', SELLER + PLATFORM],
      ['reversal', -(SELLER + PLATFORM)],
    ]);
    expect(statement.lines[0].reference).toMatch(/^VM-/);
    expect(statement.lines[0].seller_name).toBe('Sergio Vendedor');
    expect(statement.sellers).toEqual([
      { seller_id: world.seller.id, name: 'Sergio Vendedor', amount_cents: SELLER },
    ]);
    expect(statement.platform_cents).toBe(PLATFORM);
    expect(statement.opening_cents + statement.owed_cents - statement.paid_cents).toBe(
      statement.closing_cents,
    );
    const sum = statement.lines.reduce(
      (total: number, line: { total_cents: number }) => total + line.total_cents,
      0,
    );
    expect(sum).toBe(statement.owed_cents);
  });

  it('exports the same numbers as CSV and PDF', async () => {
    const csv = await as(world.company, 'GET', `/api/company/settlements/${month}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="liquidacion-${month}.csv"`,
    );
    expect(csv.body.startsWith('\uFEFFFecha;Referencia;Producto;Movimiento')).toBe(true);
    expect(csv.body).toContain(';Reembolso;Sergio Vendedor;-750,00;-250,00;-1000,00');
    expect(csv.body).toContain('Saldo a pagar;;;;;;;1000,00');

    const pdf = await as(world.company, 'GET', `/api/company/settlements/${month}/statement.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a malformed month and keeps each company to its own statements', async () => {
    const bad = await as(world.company, 'GET', '/api/company/settlements/2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'INVALID_PERIOD',
      message: PERIOD_MESSAGES.month,
    });
    const other = await createUser(t.app, { role: 'company', company: 'Otra SA' });
    expect((await as(other, 'GET', '/api/company/settlements')).json()).toMatchObject({
      balance_cents: 0,
      months: [],
    });
    expect((await as(world.seller, 'GET', '/api/company/settlements')).statusCode).toBe(403);
    expect((await as(world.company, 'GET', '/api/admin/settlements')).statusCode).toBe(403);
  });

  it('the admin records partial payments; the balance carries over; more than owed is refused', async () => {
    const balances = await as(admin, 'GET', '/api/admin/settlements');
    expect(balances.json().items).toEqual([
      {
        company_id: world.company.id,
        name: 'Yerbatera Misionera SA',
        owed_cents: SELLER + PLATFORM,
        paid_cents: 0,
        balance_cents: SELLER + PLATFORM,
        last_payment_on: null,
        collected_cents: 0,
      },
    ]);

    const today = argentineDay(new Date());
    const pay = (amount: number, paidOn = today, reference = 'TRF-0001') =>
      as(admin, 'POST', `/api/admin/settlements/${world.company.id}/payments`, {
        amount_cents: amount,
        paid_on: paidOn,
        reference,
      });

    const partial = await pay(60_000);
    expect(partial.statusCode).toBe(201);
    expect(partial.json().balance_cents).toBe(40_000);
    expect(partial.json().months[0].paid_cents).toBe(60_000);

    const over = await pay(40_001);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('El pago supera el saldo adeudado por la empresa.');

    const future = await pay(1_000, '2099-01-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe('La fecha del pago no puede ser futura.');
    const beyond = await pay(1_000, '2999-01-01');
    expect(beyond.json().error).toMatchObject({
      code: 'INVALID_PERIOD',
      message: PERIOD_MESSAGES.day,
    });
    for (const body of [
      { amount_cents: 0, paid_on: today, reference: 'x' },
      { amount_cents: 100, paid_on: 'ayer', reference: 'x' },
      { amount_cents: 100, paid_on: today, reference: '  ' },
    ]) {
      const refused = await as(
        admin,
        'POST',
        `/api/admin/settlements/${world.company.id}/payments`,
        body,
      );
      expect(refused.statusCode).toBe(400);
    }
    const unknown = await as(admin, 'POST', '/api/admin/settlements/no-existe/payments', {
      amount_cents: 100,
      paid_on: today,
      reference: 'x',
    });
    expect(unknown.statusCode).toBe(404);

    // The company sees the payment in its statement.
    const statement = (await as(world.company, 'GET', `/api/company/settlements/${month}`)).json();
    expect(statement.payments).toEqual([
      expect.objectContaining({
        amount_cents: 60_000,
        paid_on: today,
        reference: 'TRF-0001',
        recorded_by_name: 'Ana Admin',
      }),
    ]);
    expect(statement.closing_cents).toBe(40_000);

    // Recorded in the audit log, with the balance before and after.
    const audit = await as(admin, 'GET', '/api/admin/audit?action=settlement.company_payment');
    expect(audit.json().items[0]).toMatchObject({
      actor_name: 'Ana Admin',
      target_type: 'company',
      target_id: world.company.id,
      before: { balance_cents: 100_000 },
      after: { balance_cents: 40_000, amount_cents: 60_000, reference: 'TRF-0001' },
    });
  });

  it('the company gets a receipt for its payment, and once the month is over, one notice that its statement is ready', async () => {
    const bell = (await as(world.company, 'GET', '/api/notifications')).json();
    expect(bell.items[0]).toMatchObject({
      kind: 'company_payment_received',
      title: 'Recibimos tu pago',
      link: '/company/settlements',
    });
    expect(bell.items[0].body).toContain('TRF-0001');

    const nextMonthStart = argentineTime(`${nextMonth(month)}-02`, '12:00');
    expect(await notifyStatementsReady(t.db, nextMonthStart)).toBe(1);
    // Again (another instance, the next hour): nothing new.
    expect(await notifyStatementsReady(t.db, nextMonthStart)).toBe(0);
    const after = (await as(world.company, 'GET', '/api/notifications')).json();
    expect(after.items[0]).toMatchObject({
      kind: 'company_statement_ready',
      link: `/company/settlements?month=${month}`,
    });
    // Both e-mails render and go to the local inbox.
    expect(await t.app.outbox.drain()).toMatchObject({ retried: 0, failed: 0 });
  });

  it('two admins paying at once can never pay past the balance', async () => {
    const today = argentineDay(new Date());
    const results = await Promise.all(
      [30_000, 30_000].map((amount, i) =>
        as(admin, 'POST', `/api/admin/settlements/${world.company.id}/payments`, {
          amount_cents: amount,
          paid_on: today,
          reference: `TRF-RACE-${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const list = (await as(world.company, 'GET', '/api/company/settlements')).json();
    expect(list.balance_cents).toBe(10_000);

    // The last transfer settles it: every admin hears so.
    const last = await as(admin, 'POST', `/api/admin/settlements/${world.company.id}/payments`, {
      amount_cents: 10_000,
      paid_on: today,
      reference: 'TRF-FINAL',
    });
    expect(last.json().balance_cents).toBe(0);
    const bell = (await as(admin, 'GET', '/api/notifications')).json();
    expect(bell.items[0]).toMatchObject({
      kind: 'admin_statement_paid',
      title: 'Liquidación saldada',
      link: `/admin/settlements?company=${world.company.id}`,
    });
    expect(await t.app.outbox.drain()).toMatchObject({ retried: 0, failed: 0 });
  });
});
