import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@shared/products/products.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { companyCall, MP_TOKEN, TRANSFER_CONFIG } from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { companyPaymentMethods } from '../payments/payment-methods.table';
import { products } from '../products/products.table';
import { collectorIdNeedOf } from './collector-id.plugin';

const mate = {
  title: 'Yerba Mate Orgánica 1 kg',
  price_cents: 1_000_000,
  stock: 40,
  commission_bps: 1000,
};

describe('the MercadoPago collector id is asked for only where it is used', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const company = (name: string) => createUser(t.app, { role: 'company', company: name });
  const need = async (user: CreatedUser) => {
    const settings = (await companyCall(t, user, 'GET', '/settings')).json();
    return {
      collector_id_required: settings.collector_id_required,
      connected_collector_id: settings.connected_collector_id,
    };
  };
  const storedCollector = async (productId: string) => {
    const [row] = await t.db
      .select({ collector: products.providerCollectorId })
      .from(products)
      .where(eq(products.id, productId));
    return row?.collector;
  };

  it('keeps asking a company with no payment method yet (spec 02 §5)', async () => {
    const fresh = await company('Recién Llegada SA');
    expect(await need(fresh)).toEqual({
      collector_id_required: true,
      connected_collector_id: null,
    });
    const refused = await companyCall(t, fresh, 'POST', '/products', mate);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PRODUCT_MESSAGES.collectorRequired);
  });

  it('lets a company that takes only transfers create products without one', async () => {
    const transfers = await company('Solo Transferencias SRL');
    const method = await companyCall(t, transfers, 'POST', '/payment-methods', {
      provider: 'transferencia',
      config: TRANSFER_CONFIG,
      is_active: true,
    });
    expect(method.statusCode).toBe(201);
    expect(await need(transfers)).toEqual({
      collector_id_required: false,
      connected_collector_id: null,
    });
    const created = await companyCall(t, transfers, 'POST', '/products', mate);
    expect(created.statusCode).toBe(201);
    expect(await storedCollector(created.json().id)).toBeNull();
  });

  it('asks a company whose MercadoPago runs on its own credentials', async () => {
    const keys = await company('Con Credenciales SA');
    await companyCall(t, keys, 'POST', '/payment-methods', {
      provider: 'transferencia',
      config: TRANSFER_CONFIG,
      is_active: true,
    });
    await companyCall(t, keys, 'POST', '/payment-methods', {
      provider: 'mercadopago',
      config: { accessToken: MP_TOKEN },
      is_active: true,
    });
    expect((await need(keys)).collector_id_required).toBe(true);
    expect((await companyCall(t, keys, 'POST', '/products', mate)).statusCode).toBe(409);
  });

  it('takes the collector id from a connected MercadoPago account', async () => {
    const connected = await company('Cuenta Conectada SA');
    await t.db.insert(companyPaymentMethods).values({
      companyId: connected.id,
      provider: 'mercadopago',
      connection: 'oauth',
      accountId: '777000111',
      connectionStatus: 'connected',
      connectedAt: new Date(),
    });
    expect(await need(connected)).toEqual({
      collector_id_required: false,
      connected_collector_id: '777000111',
    });
    const created = await companyCall(t, connected, 'POST', '/products', mate);
    expect(created.statusCode).toBe(201);
    expect(await storedCollector(created.json().id)).toBe('777000111');
  });

  it('answers from the methods alone', () => {
    const transfer = {
      provider: 'transferencia',
      connection: 'token',
      collector_id: null,
    } as const;
    const stripe = { provider: 'stripe', connection: 'oauth', collector_id: null } as const;
    expect(collectorIdNeedOf([]).collector_id_required).toBe(true);
    expect(collectorIdNeedOf([transfer, stripe]).collector_id_required).toBe(false);
    expect(
      collectorIdNeedOf([{ provider: 'mercadopago', connection: 'token', collector_id: null }]),
    ).toEqual({ collector_id_required: true, connected_collector_id: null });
  });
});
