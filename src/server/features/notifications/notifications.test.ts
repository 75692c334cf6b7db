import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatArs } from '@shared/money';
import { createUser } from '../../../../tests/factories/accounts';
import {
  BUYER,
  buy,
  companyCall,
  createPayWorld,
  TRANSFER_CONFIG,
  type PayWorld,
  moveOrder,
  startPayWorld,
} from '../../../../tests/factories/pay-world';
import { startSmtpSink } from '../../../../tests/factories/smtp-sink';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import {
  startFakeMercadoPago,
  startFakeStripe,
  type FakeMercadoPago,
  type FakeStripe,
} from '../../../../tests/fakes/payment-providers';
import { argentineMonth } from '@shared/time';
import { emailOutbox, notifications } from './notifications.table';
import { SMTP_SEND_TIMEOUT_MS, SMTP_TIMEOUTS } from '../mail/mailer';
import { drainOutbox, OUTBOX_DEFAULTS, retryDelayMs } from './outbox.worker';

describe('notifications: bell entries and e-mails queued with the order change, sent by the outbox', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let world: PayWorld;
  let mp: FakeMercadoPago;
  let stripe: FakeStripe;

  beforeAll(async () => {
    [sink, mp, stripe] = await Promise.all([
      startSmtpSink(),
      startFakeMercadoPago(),
      startFakeStripe(),
    ]);
    t = await createTestApp({
      SMTP_URL: sink.url,
      ...UNLIMITED_PAY_ENV,
      MERCADOPAGO_API_URL: mp.url,
      STRIPE_API_URL: stripe.url,
    });
    world = await createPayWorld(t);
    // Setting up its payment methods told the company (the changes' security e-mails):
    // sent and read before the orders these tests are about.
    await t.app.outbox.drain();
    await call(world.company.cookie, 'POST', '/read-all');
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([sink.close(), mp.close(), stripe.close()]);
  });
  beforeEach(() => {
    sink.received.length = 0;
  });

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/notifications${url}`,
      headers: { cookie, origin: t.config.appUrl },
      ...(payload ? { payload } : {}),
    });

  it('a transfer order tells the buyer how to pay, asks the company to confirm, and tells the seller', async () => {
    const placed = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
    expect(placed.statusCode).toBe(201);
    const { order_id: orderId, next } = placed.json() as {
      order_id: string;
      next: { url: string };
    };

    // Queued, not sent, until the outbox runs.
    expect(sink.received).toHaveLength(0);
    const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(queued.map((row) => row.kind).sort()).toEqual([
      'buyer_order_received',
      'company_transfer_pending',
      'seller_new_sale',
    ]);

    expect(await t.app.outbox.drain()).toEqual({ sent: 3, retried: 0, failed: 0 });
    const [buyerMail] = sink.to(BUYER.email);
    expect(buyerMail?.subject).toBe('Recibimos tu pedido de Yerba orgánica 1 kg');
    expect(buyerMail?.body).toContain(TRANSFER_CONFIG.cbu);
    expect(buyerMail?.body).toContain(formatArs(1_100_000));
    // The buyer's own link, opened from its sealed copy.
    expect(buyerMail?.links).toContain(next.url);
    expect(buyerMail?.raw).toMatch(/Content-Type: text\/html/i);
    expect(sink.to(world.company.email)[0]?.subject).toMatch(/^Transferencia para confirmar: /);
    expect(sink.to(world.seller.email)[0]?.subject).toBe(
      'Nueva venta con tu link: Yerba orgánica 1 kg',
    );

    // Nothing is sent twice.
    expect(await t.app.outbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });

    const bell = await call(world.company.cookie, 'GET', '/');
    expect(bell.statusCode).toBe(200);
    expect(bell.headers['cache-control']).toBe('no-store');
    expect(bell.json().unread).toBe(1);
    expect(bell.json().items[0]).toMatchObject({
      kind: 'company_transfer_pending',
      title: 'Transferencia para confirmar',
      link: '/company/orders?status=pending_transfer',
      read: false,
    });

    // The company confirms: the buyer gets a receipt, the seller the commission.
    const confirmed = await companyCall(
      t,
      world.company,
      'POST',
      `/orders/${orderId}/confirm-transfer`,
      {},
    );
    expect(confirmed.statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(sink.to(BUYER.email).map((mail) => mail.subject)).toContain(
      'Comprobante de tu compra: Yerba orgánica 1 kg',
    );
    const approved = sink
      .to(world.seller.email)
      .find((mail) => mail.subject.startsWith('Venta aprobada'));
    expect(approved?.subject).toBe(`Venta aprobada: ganaste ${formatArs(75_000)}`);
    // The company confirmed it itself: no "new order" e-mail for a transfer.
    expect(sink.to(world.company.email)).toHaveLength(1);
    const sellerBell = (await call(world.seller.cookie, 'GET', '/')).json();
    expect(sellerBell.items.map((item: { title: string }) => item.title)).toEqual([
      'Venta aprobada',
      'Nueva venta con tu link',
    ]);
  });

  it('a card or MercadoPago checkout that is never paid tells nobody anything', async () => {
    const before = (await t.db.select().from(emailOutbox)).length;
    const started = await buy(t, world.productId, { provider: 'mercadopago', ref: world.ref });
    expect(started.statusCode).toBe(201);
    await moveOrder(t, started.json().order_id, 'expired');
    expect((await t.db.select().from(emailOutbox)).length).toBe(before);
  });

  it('a paid MercadoPago order tells the company; a refund sends the buyer a notice and the seller a bell entry', async () => {
    const started = await buy(t, world.productId, { provider: 'mercadopago', ref: world.ref });
    const orderId = started.json().order_id as string;
    await moveOrder(t, orderId, 'approved');
    await t.app.outbox.drain();
    expect(sink.to(world.company.email).map((mail) => mail.subject)).toEqual([
      'Nuevo pedido pagado: Yerba orgánica 1 kg',
    ]);
    sink.received.length = 0;
    await moveOrder(t, orderId, 'refunded');
    await t.app.outbox.drain();
    expect(sink.received.map((mail) => mail.subject)).toEqual([
      'Reembolso de tu compra: Yerba orgánica 1 kg',
    ]);
    const bell = (await call(world.seller.cookie, 'GET', '/')).json();
    expect(bell.items[0].title).toBe('Venta reembolsada');
  });

  it('each user chooses the e-mails they want; receipts and bell entries stay', async () => {
    const prefs = await call(world.seller.cookie, 'GET', '/preferences');
    expect(prefs.json().items.map((item: { kind: string }) => item.kind)).toEqual([
      'seller_new_sale',
      'seller_sale_approved',
      'seller_goal_reached',
      'seller_payout_paid',
    ]);
    const saved = await call(world.seller.cookie, 'PUT', '/preferences', {
      items: [{ kind: 'seller_sale_approved', email: false }],
    });
    expect(saved.statusCode).toBe(200);
    expect(
      saved.json().items.find((item: { kind: string }) => item.kind === 'seller_sale_approved')
        .email,
    ).toBe(false);

    // A kind that is not the seller's, or a receipt, cannot be chosen.
    for (const kind of ['company_new_order', 'buyer_payment_approved']) {
      const refused = await call(world.seller.cookie, 'PUT', '/preferences', {
        items: [{ kind, email: false }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('Ese aviso no se puede elegir desde tu cuenta.');
    }
    const unknown = await call(world.seller.cookie, 'PUT', '/preferences', {
      items: [{ kind: 'nada', email: false }],
    });
    expect(unknown.statusCode).toBe(400);

    const started = await buy(t, world.productId, { provider: 'stripe', ref: world.ref });
    await moveOrder(t, started.json().order_id, 'approved');
    await t.app.outbox.drain();
    expect(sink.to(world.seller.email)).toHaveLength(0);
    expect(sink.to(BUYER.email).map((mail) => mail.subject)).toEqual([
      'Comprobante de tu compra: Yerba orgánica 1 kg',
    ]);
    expect((await call(world.seller.cookie, 'GET', '/')).json().items[0].title).toBe(
      'Venta aprobada',
    );

    await call(world.seller.cookie, 'PUT', '/preferences', {
      items: [{ kind: 'seller_sale_approved', email: true }],
    });
  });

  it('marks one or all as read, only the user’s own, and only for a signed-in user', async () => {
    const mine = (await call(world.seller.cookie, 'GET', '/')).json();
    expect(mine.unread).toBeGreaterThan(1);
    const first = mine.items[0].id as number;
    expect((await call(world.seller.cookie, 'POST', `/${first}/read`)).statusCode).toBe(200);
    const after = (await call(world.seller.cookie, 'GET', '/')).json();
    expect(after.unread).toBe(mine.unread - 1);
    expect(after.items[0].read).toBe(true);

    // Someone else's notification is not found; a bad id is a 4xx.
    const other = await createUser(t.app, { role: 'company' });
    expect((await call(other.cookie, 'POST', `/${first}/read`)).statusCode).toBe(404);
    expect((await call(other.cookie, 'POST', '/abc/read')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);

    expect((await call(world.seller.cookie, 'POST', '/read-all')).statusCode).toBe(200);
    expect((await call(world.seller.cookie, 'GET', '/')).json().unread).toBe(0);
  });

  it('tells the seller once when a sale reaches the month’s goal', async () => {
    const goal = await t.app.inject({
      method: 'PUT',
      url: '/api/seller/goal',
      headers: { cookie: world.seller.cookie, origin: t.config.appUrl },
      payload: { month: argentineMonth(new Date()), target_sales: 4 },
    });
    expect(goal.statusCode).toBe(200);
    // Three sales so far this month (transfer, MercadoPago refunded, card): the next two are the 4th and 5th.
    const reached = async () =>
      (
        await t.db.select().from(notifications).where(eq(notifications.userId, world.seller.id))
      ).filter((row) => row.kind === 'seller_goal_reached').length;
    for (let i = 0; i < 2; i += 1) {
      const started = await buy(t, world.productId, { provider: 'stripe', ref: world.ref });
      await moveOrder(t, started.json().order_id, 'approved');
    }
    expect(await reached()).toBe(1);
  });
});

describe('the outbox worker', () => {
  let t: TestApp;
  let world: PayWorld;
  beforeAll(async () => {
    ({ t, world } = await startPayWorld());
    // The company's setup e-mails (its payment methods' changes) are sent before these tests.
    await t.app.outbox.drain();
  });
  afterAll(() => t.close());

  const render = async () => ({ subject: 'Asunto', html: '<p>Hola</p>', text: 'Hola' });
  const messageDomain = 'vendemas.com.ar';

  it('retries a failed send later with backoff, then sends it once', async () => {
    await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
    const now = new Date();
    const tried = new Map<string, string>();
    const down = {
      send: async (message: { to: string; messageId?: string }) => {
        tried.set(message.to, message.messageId ?? '');
        throw new Error('SMTP caído');
      },
    };
    const first = await drainOutbox({
      db: t.db,
      mailer: down,
      render,
      log: t.app.log,
      messageDomain,
      now: () => now,
    });
    expect(first).toEqual({ sent: 0, retried: 3, failed: 0 });
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toBe('SMTP caído');
      expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    }

    const sent: string[] = [];
    const up = {
      send: async (message: { to: string; messageId?: string }) => {
        sent.push(message.to);
        // The retry carries the Message-ID of the first attempt, so a server that got both drops one.
        expect(message.messageId).toBe(tried.get(message.to));
      },
    };
    const deps = { db: t.db, mailer: up, render, log: t.app.log, messageDomain };
    // Not yet due.
    expect(await drainOutbox({ ...deps, now: () => now })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    const later = new Date(now.getTime() + retryDelayMs(1));
    expect(await drainOutbox({ ...deps, now: () => later })).toEqual({
      sent: 3,
      retried: 0,
      failed: 0,
    });
    expect(sent.sort()).toEqual([BUYER.email, world.company.email, world.seller.email].sort());
    const ids = [...tried.values()];
    expect(new Set(ids).size).toBe(3);
    for (const row of rows) {
      expect(ids).toContain(
        `<outbox.${row.id}.${row.createdAt.getTime().toString(36)}@vendemas.com.ar>`,
      );
    }
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(40)).toBe(3_600_000);
  });

  it('gives up after the last attempt and keeps the message as failed', async () => {
    await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
    const down = {
      send: async () => {
        throw new Error('buzón inexistente');
      },
    };
    let now = new Date();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await drainOutbox(
        { db: t.db, mailer: down, render, log: t.app.log, messageDomain, now: () => now },
        { maxAttempts: 3 },
      );
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    const failed = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'failed'));
    expect(failed).toHaveLength(3);
    expect(failed.every((row) => row.attempts === 3)).toBe(true);
  });

  it('every SMTP timeout is shorter than a send’s deadline, and that shorter than the outbox’s lease', () => {
    for (const timeout of Object.values(SMTP_TIMEOUTS)) {
      expect(timeout).toBeLessThan(OUTBOX_DEFAULTS.sendTimeoutMs);
    }
    expect(SMTP_SEND_TIMEOUT_MS).toBeLessThanOrEqual(OUTBOX_DEFAULTS.sendTimeoutMs);
    expect(OUTBOX_DEFAULTS.sendTimeoutMs).toBeLessThan(OUTBOX_DEFAULTS.leaseMs);
  });

  it('two workers draining at once send every message exactly once', async () => {
    for (let i = 0; i < 8; i += 1) {
      await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
    }
    const sent: string[] = [];
    const slow = {
      send: async (message: { to: string; subject: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(message.to);
      },
    };
    const worker = () =>
      drainOutbox({ db: t.db, mailer: slow, render, log: t.app.log, messageDomain }, { batch: 5 });
    let total = 0;
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = await Promise.all([worker(), worker()]);
      total += a.sent + b.sent;
      if (a.sent + b.sent === 0) break;
    }
    expect(total).toBe(24);
    expect(sent).toHaveLength(24);
    const pending = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(pending).toHaveLength(0);
  });
});
