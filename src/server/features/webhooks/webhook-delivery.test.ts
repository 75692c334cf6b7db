import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories/accounts';
import { callApi, createApiKeyFor } from '../../../../tests/factories/api-keys';
import {
  companyCall,
  createPayWorld,
  moveOrder,
  placeTransferOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import {
  createWebhookFor,
  signatureValid,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../tests/factories/webhook-receiver';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { auditLog } from '../audit/audit.table';
import { emailOutbox, notifications } from '../notifications/notifications.table';
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './webhook-delivery';
import { recordWebhookEvent } from './webhook-events';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.table';

const MINUTE = 60_000;

describe('webhook deliveries: signed, retried with backoff, in order per object, turned off after 3 days', () => {
  let t: TestApp;
  let world: PayWorld;
  let receiver: WebhookReceiver;
  let hook: { id: string; secret: string };

  beforeAll(async () => {
    t = await createTestApp(
      { ...UNLIMITED_PAY_ENV, WEBHOOK_ALLOW_PRIVATE: 'true' },
      (config) => config,
      { webhooks: { timeoutMs: 500 } },
    );
    world = await createPayWorld(t, { stock: 50 });
    receiver = await startWebhookReceiver();
    hook = await createWebhookFor(t, world.company, `${receiver.url}/vendemas`, [
      'order.created',
      'order.status_changed',
    ]);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    // Each test starts with nothing left to send and a receiver that answers 200.
    await t.db.delete(webhookDeliveries);
    receiver.requests.length = 0;
    receiver.answer = (_request, res) => void res.writeHead(200).end('ok');
  });

  async function deliveriesOf(endpointId = hook.id) {
    const listed = await companyCall(t, world.company, 'GET', `/webhooks/${endpointId}/deliveries`);
    expect(listed.statusCode).toBe(200);
    return listed.json() as {
      id: string;
      event: string;
      status: string;
      attempts: number;
      last_status_code: number | null;
      last_error: string | null;
      next_attempt_at: string | null;
    }[];
  }

  it('writes the values its statement reads into the body as JSON, whatever they hold, and nothing when nobody listens', async () => {
    const written = (id: string | null) =>
      t.db
        .select({ body: webhookEvents.body })
        .from(webhookEvents)
        .where(eq(webhookEvents.id, id!));
    const id = await t.db.transaction((tx) =>
      recordWebhookEvent(tx, {
        companyId: world.company.id,
        type: 'order.created',
        objectKey: 'order:splice',
        lookups: {
          quoted: sql<string>`'Ñandú "el bueno" \\ ' || chr(10)`,
          missing: sql<string | null>`null::text`,
        },
        object: ({ quoted, missing }) => ({
          quoted,
          missing,
          again: quoted,
          // A value that reads like a mark, without the process's nonce, stays as written.
          typed: '\u0000quoted\u0000',
        }),
      }),
    );
    expect(id).toMatch(/^evt_/);
    const [row] = await written(id);
    expect(JSON.parse(row!.body).data.object).toEqual({
      quoted: 'Ñandú "el bueno" \\ \n',
      missing: null,
      again: 'Ñandú "el bueno" \\ \n',
      typed: '\u0000quoted\u0000',
    });
    // A type nobody listens to writes no event.
    const none = await t.db.transaction((tx) =>
      recordWebhookEvent(tx, {
        companyId: world.company.id,
        type: 'product.updated',
        objectKey: 'product:none',
        object: () => ({}),
      }),
    );
    expect(none).toBeNull();
    await t.db.delete(webhookDeliveries);
  });

  it('posts each event once, signed so that Stripe’s own verification code accepts it, with the object as the API answers it', async () => {
    const orderId = await placeTransferOrder(t, world);
    await moveOrder(t, orderId, 'approved');
    expect(await t.app.webhooks.drain()).toMatchObject({ delivered: 2, retried: 0 });
    // Nothing is sent twice.
    expect(await t.app.webhooks.drain()).toMatchObject({ delivered: 0 });

    expect(receiver.requests).toHaveLength(2);
    const [created, changed] = receiver.events();
    expect(created).toMatchObject({ type: 'order.created', data: { object: { id: orderId } } });
    expect(created!.id).toMatch(/^evt_[A-Za-z0-9_-]{24}$/);
    expect(created!.data.object.status).toBe('pending_transfer');
    expect(changed).toMatchObject({
      type: 'order.status_changed',
      data: { previous_status: 'pending_transfer', object: { id: orderId, status: 'approved' } },
    });
    const { key } = await createApiKeyFor(t, world.company, ['orders:read']);
    const api = await callApi(t, key, 'GET', `/orders/${orderId}`);
    expect(changed!.data.object).toEqual(api.json());

    const stripe = new Stripe('sk_test_verification_only', { telemetry: false });
    for (const request of receiver.requests) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['vendemas-event-id']).toBe(JSON.parse(request.body).id);
      expect(signatureValid(request, hook.secret)).toBe(true);
      expect(signatureValid(request, `${hook.secret}x`)).toBe(false);
      const header = String(request.headers['vendemas-signature']);
      expect(stripe.webhooks.constructEvent(request.body, header, hook.secret).id).toBe(
        JSON.parse(request.body).id,
      );
    }
    expect((await deliveriesOf()).map((row) => [row.event, row.status, row.attempts])).toEqual([
      ['order.status_changed', 'delivered', 1],
      ['order.created', 'delivered', 1],
    ]);
  });

  it('tries again about 1 min, 5 min, 30 min, 2 h, 6 h and 12 h after a 500, then gives up; Reintentar sends it once more', async () => {
    receiver.answer = (_request, res) => void res.writeHead(500).end('boom');
    await placeTransferOrder(t, world);
    const start = Date.now();
    let now = new Date(start);
    expect(await t.app.webhooks.drain({ now })).toMatchObject({ retried: 1 });
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      const [pending] = await deliveriesOf();
      expect(pending).toMatchObject({
        status: 'pending',
        attempts: index + 1,
        last_status_code: 500,
        last_error: 'El endpoint respondió 500.',
      });
      expect(new Date(pending!.next_attempt_at!).getTime()).toBe(now.getTime() + delay);
      // Not before its time.
      expect(await t.app.webhooks.drain({ now: new Date(now.getTime() + delay - 1000) })).toEqual({
        delivered: 0,
        retried: 0,
        failed: 0,
      });
      now = new Date(now.getTime() + delay);
      await t.app.webhooks.drain({ now });
    }
    const [failed] = await deliveriesOf();
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      next_attempt_at: null,
    });
    expect(receiver.requests).toHaveLength(MAX_ATTEMPTS);
    // About a day of trying.
    expect(now.getTime() - start).toBeGreaterThan(20 * 60 * MINUTE);

    expect((await listed(hook.id))?.failing_since).not.toBeNull();
    receiver.answer = (_request, res) => void res.writeHead(204).end();
    const retried = await companyCall(
      t,
      world.company,
      'POST',
      `/webhooks/${hook.id}/deliveries/${failed!.id}/retry`,
    );
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ id: failed!.id, status: 'pending' });
    expect(await t.app.webhooks.drain()).toMatchObject({ delivered: 1 });
    expect((await deliveriesOf())[0]).toMatchObject({ status: 'delivered', last_status_code: 204 });
    // It answers again: no longer failing.
    expect((await listed(hook.id))?.failing_since).toBeNull();
  });

  it('counts an answer that does not come within the timeout as a failure, and a redirect as one it does not follow', async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      receiver.answer = async (_request, res) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        res.writeHead(200).end('too late');
      };
      await placeTransferOrder(t, world);
      expect(await t.app.webhooks.drain()).toMatchObject({ retried: 1 });
      expect((await deliveriesOf())[0]).toMatchObject({
        status: 'pending',
        last_status_code: null,
        last_error: 'El endpoint no respondió a tiempo (0,5 s).',
      });

      await t.db.delete(webhookDeliveries);
      receiver.answer = (_request, res) =>
        void res.writeHead(302, { location: `${elsewhere.url}/internal` }).end();
      await placeTransferOrder(t, world);
      expect(await t.app.webhooks.drain()).toMatchObject({ retried: 1 });
      expect((await deliveriesOf())[0]).toMatchObject({
        last_status_code: 302,
        last_error:
          'El endpoint respondió con una redirección (302); las redirecciones no se siguen.',
      });
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('delivers one order’s events in the order they happened, even while the first waits for its retry', async () => {
    const first = await placeTransferOrder(t, world);
    const other = await placeTransferOrder(t, world);
    await moveOrder(t, first, 'approved');
    // The receiver refuses the first event about `first` once.
    let refused = false;
    receiver.answer = (request, res) => {
      const event = JSON.parse(request.body);
      if (!refused && event.data.object.id === first) {
        refused = true;
        res.writeHead(503).end();
      } else res.writeHead(200).end();
    };
    const now = new Date();
    await t.app.webhooks.drain({ now });
    // `first`'s status change waits behind its creation; the other order is not held up.
    // Deliveries about different objects go out at once: only each object's own order counts.
    const arrived = (id: string) =>
      receiver
        .events()
        .filter((event) => event.data.object.id === id)
        .map((event) => event.type);
    expect(arrived(first)).toEqual(['order.created']);
    expect(arrived(other)).toEqual(['order.created']);
    expect(await t.app.webhooks.drain({ now: new Date(now.getTime() + 30_000) })).toEqual({
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    await t.app.webhooks.drain({ now: new Date(now.getTime() + MINUTE + 1000) });
    expect(arrived(first)).toEqual(['order.created', 'order.created', 'order.status_changed']);
    expect(arrived(other)).toEqual(['order.created']);
  });

  it('turns off an endpoint that failed for 3 days and tells its company once, by bell and e-mail', async () => {
    const company = world.company;
    const failing = await createWebhookFor(t, company, `${receiver.url}/broken`, ['order.created']);
    receiver.answer = (request, res) =>
      void res.writeHead(request.path === '/broken' ? 500 : 200).end();
    await placeTransferOrder(t, world);
    const start = new Date();
    await t.app.webhooks.drain({ now: start });
    const [marked] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, failing.id));
    expect(marked).toMatchObject({ isActive: true, failingSince: start });

    // Two days and 23 hours later, another order fails too: still on.
    await placeTransferOrder(t, world);
    await t.app.webhooks.drain({ now: new Date(start.getTime() + DISABLE_AFTER_MS - 60 * MINUTE) });
    expect((await listed(failing.id))?.is_active).toBe(true);

    // Past three days of failing: off, with a notice.
    await placeTransferOrder(t, world);
    const later = new Date(start.getTime() + DISABLE_AFTER_MS + MINUTE);
    await t.app.webhooks.drain({ now: later });
    await t.app.webhooks.drain({ now: new Date(later.getTime() + 2 * 60 * MINUTE) });
    expect(await listed(failing.id)).toMatchObject({
      is_active: false,
      disabled_at: later.toISOString(),
      failing_since: start.toISOString(),
    });
    // The endpoint that answers was never affected.
    expect((await listed(hook.id))?.is_active).toBe(true);
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'company_webhook_disabled'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ userId: company.id, link: '/company/integrations' });
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'company_webhook_disabled'));
    expect(mails).toHaveLength(1);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.targetId, failing.id));
    expect(audited.map((row) => row.action)).toEqual([
      'company.webhook_created',
      'company.webhook_disabled',
    ]);

    // Nothing more is sent to it, and Reintentar says why.
    const sent = receiver.requests.length;
    await placeTransferOrder(t, world);
    await t.app.webhooks.drain({ now: new Date(later.getTime() + 24 * 60 * MINUTE) });
    expect(receiver.requests.slice(sent).map((request) => request.path)).toEqual(['/vendemas']);
    const [waiting] = await deliveriesOf(failing.id);
    const retry = await companyCall(
      t,
      company,
      'POST',
      `/webhooks/${failing.id}/deliveries/${waiting!.id}/retry`,
    );
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('WEBHOOK_INACTIVE');

    // Turned on again, it gets three more days.
    const on = await companyCall(t, company, 'PATCH', `/webhooks/${failing.id}`, {
      is_active: true,
    });
    expect(on.json()).toMatchObject({ is_active: true, disabled_at: null, failing_since: null });
    await companyCall(t, company, 'DELETE', `/webhooks/${failing.id}`);
  });

  async function listed(id: string) {
    const all = await companyCall(t, world.company, 'GET', '/webhooks');
    return (all.json() as { id: string; is_active: boolean; failing_since: string | null }[]).find(
      (row) => row.id === id,
    );
  }

  it('sends product.updated and product.out_of_stock for edits and for the sale of the last unit', async () => {
    const productHook = await createWebhookFor(t, world.company, `${receiver.url}/products`, [
      'product.updated',
      'product.out_of_stock',
    ]);
    const edited = await companyCall(t, world.company, 'PATCH', `/products/${world.productId}`, {
      stock: 1,
    });
    expect(edited.statusCode).toBe(200);
    await placeTransferOrder(t, world);
    await companyCall(t, world.company, 'PATCH', `/products/${world.productId}`, { stock: 0 });
    await companyCall(t, world.company, 'PATCH', `/products/${world.productId}`, { stock: 5 });
    await t.app.webhooks.drain();
    const products = receiver
      .events()
      .filter((_event, index) => receiver.requests[index]!.path === '/products')
      .map((event) => [event.type, event.data.object.stock]);
    expect(products).toEqual([
      ['product.updated', 1],
      // The sale took the last unit.
      ['product.out_of_stock', 0],
      // Already at 0: an edit, not a run-out.
      ['product.updated', 0],
      ['product.updated', 5],
    ]);
    await companyCall(t, world.company, 'DELETE', `/webhooks/${productHook.id}`);
  });

  it('sends a test event to that endpoint only, and keeps another company’s webhooks out of reach', async () => {
    // A first test the receiver refuses waits for its retry; a second one is not held behind it.
    receiver.answer = (_request, res) =>
      void res.writeHead(receiver.requests.length > 1 ? 200 : 500).end();
    const refused = await companyCall(t, world.company, 'POST', `/webhooks/${hook.id}/test`);
    expect(refused.statusCode).toBe(202);
    await t.app.webhooks.drain();
    const tested = await companyCall(t, world.company, 'POST', `/webhooks/${hook.id}/test`);
    expect(tested.statusCode).toBe(202);
    expect(tested.json()).toMatchObject({ event: 'webhook.test', status: 'pending' });
    await t.app.webhooks.drain();
    expect(receiver.events().map((event) => event.type)).toEqual(['webhook.test', 'webhook.test']);
    const log = await deliveriesOf();
    expect(log.map((row) => row.status)).toEqual(['delivered', 'pending']);
    receiver.requests.length = 0;

    const stranger = await createUser(t.app, { role: 'company', company: 'Otra SA' });
    const [delivery] = log;
    for (const [method, path, body] of [
      ['GET', `/webhooks/${hook.id}/deliveries`],
      ['PATCH', `/webhooks/${hook.id}`, { is_active: false }],
      ['POST', `/webhooks/${hook.id}/test`],
      ['POST', `/webhooks/${hook.id}/deliveries/${delivery!.id}/retry`],
      ['DELETE', `/webhooks/${hook.id}`],
    ] as const) {
      const answer = await companyCall(t, stranger, method, path, body);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await companyCall(t, stranger, 'GET', '/webhooks')).json()).toEqual([]);
    expect((await listed(hook.id))?.is_active).toBe(true);
    // Another company's orders never reach this endpoint.
    const theirs = await createPayWorld(t);
    await placeTransferOrder(t, theirs);
    await t.app.webhooks.drain();
    expect(receiver.requests).toEqual([]);
  });
});
