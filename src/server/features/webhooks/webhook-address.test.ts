import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@shared/integrations/webhooks.schema';
import {
  companyCall,
  createPayWorld,
  placeTransferOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import {
  createWebhookFor,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../tests/factories/webhook-receiver';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { checkWebhookUrl, isPublicAddress, type ResolvedAddress } from './webhook-address';
import { DELIVERY_ERRORS } from './webhook-http';
import { webhookDeliveries, webhookEndpoints } from './webhooks.table';

const PUBLIC = '93.184.215.14';

describe('which addresses a webhook may reach', () => {
  it('takes only public unicast addresses, in every way they can be written', () => {
    for (const address of [
      PUBLIC,
      '8.8.8.8',
      '2606:4700:4700::1111',
      '[2a00:1450:4001:82b::200e]',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.0.0.8',
      '172.16.4.1',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'ff02::1',
      'localhost',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  const policy = { allowPrivate: false, httpsOnly: false };
  const resolver =
    (table: Record<string, string[]>) =>
    async (host: string): Promise<ResolvedAddress[]> =>
      (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses, when saved, a URL written or resolving to a loopback, private, link-local or metadata address', async () => {
    const resolve = resolver({
      'erp.example.com': [PUBLIC],
      'rebind.example.com': ['127.0.0.1'],
      'half.example.com': [PUBLIC, '10.0.0.5'],
      'metadata.google.internal': ['169.254.169.254'],
      'v6.example.com': ['::1'],
    });
    for (const url of [
      'http://127.0.0.1/hook',
      'http://0.0.0.0:8080/hook',
      'http://2130706433/hook',
      'http://0177.0.0.1/hook',
      'http://0x7f000001/hook',
      'http://127.1/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fe80::1]/hook',
      'http://[fd00:ec2::254]/latest/meta-data',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/hook',
      'http://192.168.0.1/hook',
      'http://172.20.0.1/hook',
      'http://rebind.example.com/hook',
      'http://half.example.com/hook',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://v6.example.com/hook',
    ]) {
      await expect(checkWebhookUrl(url, policy, resolve), url).rejects.toMatchObject({
        code: 'WEBHOOK_URL_NOT_ALLOWED',
        statusCode: 400,
      });
    }
    await expect(checkWebhookUrl('https://erp.example.com/hook', policy, resolve)).resolves.toBe(
      undefined,
    );
    await expect(
      checkWebhookUrl('https://nowhere.example.com/', policy, resolve),
    ).rejects.toMatchObject({
      code: 'WEBHOOK_URL_UNRESOLVABLE',
      message: WEBHOOK_MESSAGES.urlUnresolvable,
    });
    // The system's own resolver: localhost is loopback.
    await expect(checkWebhookUrl('http://localhost:3000/hook', policy)).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
    });
    // Production takes https only; development and tests may allow anything.
    await expect(
      checkWebhookUrl('http://erp.example.com/hook', { ...policy, httpsOnly: true }, resolve),
    ).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      message: WEBHOOK_MESSAGES.urlNotHttps,
    });
    await expect(
      checkWebhookUrl('http://127.0.0.1/hook', { allowPrivate: true, httpsOnly: false }, resolve),
    ).resolves.toBe(undefined);
  });
});

describe('webhooks without WEBHOOK_ALLOW_PRIVATE never reach the platform’s own network', () => {
  let t: TestApp;
  let world: PayWorld;
  let receiver: WebhookReceiver;
  /** What the test's DNS answers: a public address when saved, loopback later (a rebinding). */
  const dns = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp(UNLIMITED_PAY_ENV, (config) => config, {
      webhooks: {
        resolve: async (host) => {
          const address = dns.get(host);
          return address ? [{ address, family: address.includes(':') ? 6 : 4 }] : [];
        },
      },
    });
    world = await createPayWorld(t);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => t.db.delete(webhookDeliveries));

  it('answers 400 WEBHOOK_URL_NOT_ALLOWED when the URL is saved, and changes nothing', async () => {
    for (const url of [`${receiver.url}/hook`, 'http://[::1]/hook', 'http://169.254.169.254/']) {
      const refused = await companyCall(t, world.company, 'POST', '/webhooks', {
        url,
        events: ['order.created'],
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error).toEqual({
        code: 'WEBHOOK_URL_NOT_ALLOWED',
        message: WEBHOOK_MESSAGES.urlNotAllowed,
      });
    }
    expect((await companyCall(t, world.company, 'GET', '/webhooks')).json()).toEqual([]);
    // Credentials in the URL are refused by the schema.
    const withPassword = await companyCall(t, world.company, 'POST', '/webhooks', {
      url: 'https://user:secret@erp.example.com/hook',
      events: ['order.created'],
    });
    expect(withPassword.statusCode).toBe(400);
  });

  it('checks the address again after DNS at each delivery, and never connects to a name that now points at loopback', async () => {
    const port = new URL(receiver.url).port;
    dns.set('erp.example.com', PUBLIC);
    const hook = await createWebhookFor(t, world.company, `http://erp.example.com:${port}/hook`, [
      'order.created',
    ]);
    const moved = await companyCall(t, world.company, 'PATCH', `/webhooks/${hook.id}`, {
      url: `http://127.0.0.1:${port}/hook`,
    });
    expect(moved.statusCode).toBe(400);

    // The name now resolves to loopback, where the receiver listens.
    dns.set('erp.example.com', '127.0.0.1');
    await placeTransferOrder(t, world);
    expect(await t.app.webhooks.drain()).toMatchObject({ delivered: 0, retried: 1 });
    expect(receiver.requests).toEqual([]);
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id));
    expect(delivery).toMatchObject({ status: 'pending', lastError: DELIVERY_ERRORS.blocked });

    // An address written in a stored URL (saved before a rule changed, or by hand) is refused too.
    await t.db
      .update(webhookEndpoints)
      .set({ url: `http://[::ffff:127.0.0.1]:${port}/hook` })
      .where(eq(webhookEndpoints.id, hook.id));
    await t.db.delete(webhookDeliveries);
    await placeTransferOrder(t, world);
    await t.app.webhooks.drain();
    expect(receiver.requests).toEqual([]);
    const [again] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id));
    expect(again?.lastError).toBe(DELIVERY_ERRORS.blocked);
  });
});
