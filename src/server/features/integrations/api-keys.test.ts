import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '@shared/account-security/messages';
import { API_KEY_MESSAGES } from '@shared/integrations/api-keys.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { callApi, createApiKeyFor } from '../../../../tests/factories/api-keys';
import { companyCall, createPayWorld, type PayWorld } from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { auditLog } from '../audit/audit.table';
import { sessions } from '../auth/auth.table';
import { apiKeys } from './api-keys.table';
import { idempotencyKeys } from './idempotency.table';

describe('API keys (/api/company/api-keys) and who may call /api/v1', () => {
  let t: TestApp;
  let world: PayWorld;
  let other: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV, STEP_UP_MINUTES: '10' });
    world = await createPayWorld(t);
    other = await createUser(t.app, { role: 'company', company: 'Otra Empresa SA' });
  });
  afterAll(() => t.close());

  it('shows the key once and stores only a keyed hash of it, never the key nor a plain hash', async () => {
    const created = await companyCall(t, world.company, 'POST', '/api-keys', {
      name: 'Tango ERP',
      scopes: ['products:read', 'orders:read', 'orders:read'],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.key).toMatch(/^vm_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      name: 'Tango ERP',
      scopes: ['orders:read', 'products:read'],
      prefix: body.key.slice(0, 11),
    });

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, body.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(body.key);
    expect(stored).not.toContain(body.key.slice(11));
    expect(row!.keyHash).not.toBe(createHash('sha256').update(body.key).digest('base64url'));
    expect(row!.keyHash).not.toBe(createHash('sha256').update(body.key).digest('hex'));
    const hmacKey = createHmac('sha256', t.config.appSecret)
      .update('vendemas:api-keys:v1')
      .digest();
    expect(row!.keyHash).toBe(createHmac('sha256', hmacKey).update(body.key).digest('base64url'));

    const list = await companyCall(t, world.company, 'GET', '/api-keys');
    expect(list.json()).toEqual([
      {
        id: body.id,
        name: 'Tango ERP',
        scopes: ['orders:read', 'products:read'],
        prefix: body.prefix,
        created_at: body.created_at,
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(body.key);

    expect((await callApi(t, body.key, 'GET', '/orders')).statusCode).toBe(200);
    const [used] = await companyCall(t, world.company, 'GET', '/api-keys').then((r) => r.json());
    expect(used.last_used_at).not.toBeNull();
  });

  it('asks for the password again before creating a key when the sign-in is old', async () => {
    const company = await createUser(t.app, { role: 'company' });
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000), verifiedAt: null })
      .where(eq(sessions.userId, company.id));
    const refused = await companyCall(t, company, 'POST', '/api-keys', {
      name: 'ERP',
      scopes: ['orders:read'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'REAUTH_REQUIRED',
      message: SECURITY_MESSAGES.reauthRequired,
    });
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.companyId, company.id))).toEqual([]);
  });

  it('keeps no key in the clear when its creation carries an Idempotency-Key, and replays it to its caller', async () => {
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/company/api-keys',
        headers: {
          cookie: world.company.cookie,
          origin: t.config.appUrl,
          'idempotency-key': 'create-erp-key-1',
        },
        payload: { name: 'ERP con reintentos', scopes: ['orders:read'] },
      });
    const first = await create();
    expect(first.statusCode).toBe(201);
    const { key } = first.json();
    const again = await create();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().key).toBe(key);
    const kept = await t.db.select().from(idempotencyKeys);
    expect(kept.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).not.toContain(key);
    expect(JSON.stringify(kept)).not.toContain(key.slice(11));
  });

  it('refuses a key without a name or scopes, or with an unknown scope', async () => {
    const bad = async (payload: object) => {
      const response = await companyCall(t, world.company, 'POST', '/api-keys', payload);
      expect(response.statusCode).toBe(400);
      return response.json().error.message as string;
    };
    expect(await bad({ name: '', scopes: ['orders:read'] })).toBe(API_KEY_MESSAGES.nameRequired);
    expect(await bad({ name: 'ERP', scopes: [] })).toBe(API_KEY_MESSAGES.scopesRequired);
    expect(await bad({ name: 'ERP', scopes: ['orders:write'] })).toBe(
      API_KEY_MESSAGES.scopeInvalid,
    );
  });

  it('stops a revoked key at once, and writes both creation and revocation in the audit log', async () => {
    const { id, key } = await createApiKeyFor(t, world.company, ['orders:read']);
    expect((await callApi(t, key, 'GET', '/orders')).statusCode).toBe(200);

    expect((await companyCall(t, other, 'DELETE', `/api-keys/${id}`)).statusCode).toBe(404);
    expect((await companyCall(t, world.company, 'DELETE', `/api-keys/${id}`)).statusCode).toBe(204);
    const after = await callApi(t, key, 'GET', '/orders');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(API_KEY_MESSAGES.invalidKey);
    expect((await companyCall(t, world.company, 'DELETE', `/api-keys/${id}`)).statusCode).toBe(404);
    const listed = await companyCall(t, world.company, 'GET', '/api-keys');
    expect(listed.json().map((item: { id: string }) => item.id)).not.toContain(id);

    const audited = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['company.api_key_created', world.company.id],
      ['company.api_key_revoked', world.company.id],
    ]);
    expect(JSON.stringify(audited)).not.toContain(key);
  });

  it('answers 403 INSUFFICIENT_SCOPE for a scope the key lacks, and changes nothing', async () => {
    const { key } = await createApiKeyFor(t, world.company, ['orders:read']);
    const read = await callApi(t, key, 'GET', `/products/${world.productId}`);
    expect(read.statusCode).toBe(403);
    expect(read.json().error).toEqual({
      code: 'INSUFFICIENT_SCOPE',
      message: API_KEY_MESSAGES.insufficientScope('products:read'),
    });
    const { key: reader } = await createApiKeyFor(t, world.company, ['products:read']);
    const write = await callApi(t, reader, 'PATCH', `/products/${world.productId}`, {
      payload: { stock: 1 },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('INSUFFICIENT_SCOPE');
    const product = await callApi(t, reader, 'GET', `/products/${world.productId}`);
    expect(product.json().stock).toBe(20);
  });

  it("answers 404 for another company's product and order", async () => {
    const { key } = await createApiKeyFor(t, other);
    expect((await callApi(t, key, 'GET', `/products/${world.productId}`)).statusCode).toBe(404);
    const patched = await callApi(t, key, 'PATCH', `/products/${world.productId}`, {
      payload: { stock: 0 },
    });
    expect(patched.statusCode).toBe(404);
    const { key: own } = await createApiKeyFor(t, world.company);
    expect((await callApi(t, own, 'GET', `/products/${world.productId}`)).json().stock).toBe(20);
    const orderId = await placeOrder();
    expect((await callApi(t, own, 'GET', `/orders/${orderId}`)).statusCode).toBe(200);
    expect((await callApi(t, key, 'GET', `/orders/${orderId}`)).statusCode).toBe(404);
    const listed = await callApi(t, key, 'GET', '/orders');
    expect(listed.json().data).toEqual([]);
  });

  it('ignores cookies: a signed-in company without a key is 401, and so is an unknown key', async () => {
    const cookieOnly = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { cookie: world.company.cookie, origin: t.config.appUrl },
    });
    expect(cookieOnly.statusCode).toBe(401);
    expect(cookieOnly.json().error.message).toBe(API_KEY_MESSAGES.missingKey);
    const unknown = await callApi(t, `vm_${'a'.repeat(43)}`, 'GET', '/orders');
    expect(unknown.statusCode).toBe(401);
    expect((await callApi(t, 'not-a-key', 'GET', '/orders')).statusCode).toBe(401);
  });

  it('documents /api/v1 in the OpenAPI document with a bearer security scheme', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [path, method] of [
      ['/api/v1/orders', 'get'],
      ['/api/v1/orders/{id}', 'get'],
      ['/api/v1/products', 'get'],
      ['/api/v1/products/{id}', 'get'],
      ['/api/v1/products/{id}', 'patch'],
    ] as const) {
      expect(document.paths[path][method].security).toEqual([{ apiKey: [] }]);
    }
  });

  async function placeOrder(): Promise<string> {
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/public/pay/${world.productId}`,
      headers: { origin: t.config.appUrl },
      payload: {
        buyer: { name: 'Beatriz', email: 'beatriz@example.com', phone: '+54 9 11 4000-0000' },
        provider: 'transferencia',
        ref: world.ref,
      },
    });
    if (placed.statusCode !== 201) throw new Error(placed.body);
    return placed.json().order_id as string;
  }
});
