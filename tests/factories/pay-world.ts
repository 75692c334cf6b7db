import { eq } from 'drizzle-orm';
import { createUser, type CreatedUser } from './accounts';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../setup/test-app';
import { orderStatusHistory } from '../../src/server/features/orders/orders.table';
import { ledgerEntries } from '../../src/server/features/settlements/ledger.table';
import type { OrderStatus } from '@shared/order-status';
import {
  transitionOrder,
  type OrderWorkflow,
} from '../../src/server/features/orders/order-workflow';
import { argentineDay } from '@shared/time';
import { linkCodeFor } from '../../src/server/features/orders/seller-links.service';
import { findProfile } from '../../src/server/features/profiles/profiles.service';

export const MP_TOKEN = 'APP_USR-1111222233334444-010101-feedfacecafe-2026';
export const MP_WEBHOOK_SECRET = 'mp-webhook-secret-0123456789';
export const STRIPE_SECRET_KEY = 'sk_test_51PayLinksSecretKey0000';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_51PayLinksPublishableKey0000';
export const STRIPE_WEBHOOK_SECRET = 'whsec_paylinks_webhook_secret_0000';

export const TRANSFER_CONFIG = {
  bankName: 'Banco de la Nación Argentina',
  accountHolder: 'Yerbatera Misionera SA',
  cbu: '0110599520000001234569',
  alias: 'YERBA.MISIONERA',
  cuit: '30-71234567-1',
  instructions: 'Envía el comprobante por WhatsApp.',
};

export interface PayWorld {
  company: CreatedUser;
  seller: CreatedUser;
  /** The seller's link code for `productId`. */
  ref: string;
  productId: string;
}

/** One sale of the pay world's product: $ 10.000 at 10 % earns the seller $ 750 and makes the company owe $ 1.000. */
export const PAY_WORLD_SALE = { sellerCents: 75_000, owedCents: 100_000 } as const;

/** A CBU with valid check digits, for sellers' payout details. */
export const VALID_CBU = '0110599520000001234569';

export { uniqueCbu } from './cbu';

/** A signed-in request as `user`, from the app's own origin. */
export function callAs(
  t: TestApp,
  user: CreatedUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, origin: t.config.appUrl },
    ...(payload === undefined ? {} : { payload }),
  });
}

export async function companyCall(
  t: TestApp,
  user: CreatedUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return callAs(t, user, method, `/api/company${url}`, payload as object | undefined);
}

/**
 * A company with a collector id, the three payment methods and one product
 * ($ 10.000 base, 10 % commission, `stock` units), and a seller with a link to it.
 */
export async function createPayWorld(
  t: TestApp,
  options: { stock?: number; stripeSecretKey?: string; mpToken?: string } = {},
): Promise<PayWorld> {
  const company = await createUser(t.app, { role: 'company', company: 'Yerbatera Misionera SA' });
  const seller = await createUser(t.app, { role: 'seller', name: 'Sergio Vendedor' });
  const settings = await companyCall(t, company, 'PATCH', '/settings', {
    provider_collector_id: '123456789',
  });
  if (settings.statusCode !== 200) throw new Error(`settings: ${settings.body}`);
  const created = await companyCall(t, company, 'POST', '/products', {
    title: 'Yerba orgánica 1 kg',
    description: 'Cosecha 2026, estacionada 12 meses.',
    price_cents: 1_000_000,
    stock: options.stock ?? 20,
    category: 'Almacén',
    is_active: true,
    commission_bps: 1000,
  });
  if (created.statusCode !== 201) throw new Error(`product: ${created.body}`);
  const productId = created.json().id as string;
  const methods = [
    {
      provider: 'mercadopago',
      config: { accessToken: options.mpToken ?? MP_TOKEN, webhookSecret: MP_WEBHOOK_SECRET },
    },
    {
      provider: 'stripe',
      config: {
        publishableKey: STRIPE_PUBLISHABLE_KEY,
        secretKey: options.stripeSecretKey ?? STRIPE_SECRET_KEY,
        webhookSecret: STRIPE_WEBHOOK_SECRET,
      },
    },
    { provider: 'transferencia', config: TRANSFER_CONFIG },
  ];
  for (const method of methods) {
    const response = await companyCall(t, company, 'POST', '/payment-methods', {
      ...method,
      is_active: true,
    });
    if (response.statusCode !== 201) throw new Error(`method: ${response.body}`);
  }
  const ref = await linkCodeFor(t.db, seller.id, productId);
  return { company, seller, ref, productId };
}

/** A test app without pay limits, with the pay world in it. */
export async function startPayWorld(
  options: Parameters<typeof createPayWorld>[1] = {},
): Promise<{ t: TestApp; world: PayWorld }> {
  const t = await createTestApp({ ...UNLIMITED_PAY_ENV });
  return { t, world: await createPayWorld(t, options) };
}

export const BUYER = {
  name: 'Beatriz Compradora',
  email: 'beatriz@example.com',
  phone: '+54 9 11 4000-0000',
};

/**
 * The buyer's browser. Sellers in tests call from the same address as buyers:
 * with the same browser too, every purchase would be the seller's own (risk center).
 */
export const BUYER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export async function buy(
  t: TestApp,
  productId: string,
  body: Record<string, unknown>,
  remoteAddress = '127.0.0.1',
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/pay/${productId}`,
    remoteAddress,
    headers: { origin: t.config.appUrl, 'user-agent': BUYER_AGENT },
    payload: { buyer: BUYER, ...body },
  });
}

export async function sellerTally(t: TestApp, sellerId: string) {
  const profile = await findProfile(t.db, sellerId);
  return { points: profile!.points, sales: profile!.sales };
}

/** A bank-transfer order of the pay world's product through its seller's link; its id. */
export async function placeTransferOrder(t: TestApp, world: PayWorld): Promise<string> {
  const placed = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
  if (placed.statusCode !== 201)
    throw new Error(`order answered ${placed.statusCode}: ${placed.body}`);
  return placed.json().order_id as string;
}

/** An order's ledger entries. */
export function ledgerOf(t: TestApp, orderId: string) {
  return t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
}

/** The statuses an order went through, oldest first. */
export async function historyOf(t: TestApp, orderId: string): Promise<string[]> {
  const rows = await t.db
    .select({ status: orderStatusHistory.status })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);
  return rows.map((row) => row.status);
}

/**
 * Moves an order to `to` as the platform does (a provider's answer, the clock),
 * by `changedBy` ('system' unless told), when `from` is given only from those
 * statuses, through the app's workflow unless another is given.
 */
export function moveOrder(
  t: TestApp,
  orderId: string,
  to: OrderStatus,
  options: {
    changedBy?: string;
    from?: readonly OrderStatus[];
    workflow?: OrderWorkflow;
    /** The approval's payment split itself at the source (a connected account). */
    collectedAtSource?: boolean;
  } = {},
) {
  const { workflow = t.app.orderWorkflow, ...request } = options;
  return transitionOrder(t.db, workflow, {
    scope: { kind: 'platform' },
    orderId,
    to,
    changedBy: 'system',
    ...request,
  });
}

/** A bank-transfer sale of the pay world's product, approved; its order id. */
export async function approvedSale(t: TestApp, world: PayWorld): Promise<string> {
  const orderId = await placeTransferOrder(t, world);
  await moveOrder(t, orderId, 'approved');
  return orderId;
}

/** The admin records a company's payment to the platform, dated today. */
export async function companyPays(
  t: TestApp,
  admin: CreatedUser,
  company: CreatedUser,
  amountCents: number,
  reference: string,
): Promise<void> {
  const paid = await callAs(t, admin, 'POST', `/api/admin/settlements/${company.id}/payments`, {
    amount_cents: amountCents,
    paid_on: argentineDay(new Date()),
    reference,
  });
  if (paid.statusCode !== 201) throw new Error(`payment answered ${paid.statusCode}: ${paid.body}`);
}
