import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The two MercadoPago calls a payment link needs: create a Checkout Pro
 * preference and read a payment. Plain fetch rather than the `mercadopago`
 * SDK: the SDK's base URL is a constant, and the tests must talk to a local
 * fake of the API (MERCADOPAGO_API_URL), never the internet.
 */

export const MERCADOPAGO_API = 'https://api.mercadopago.com';

export class MercadoPagoError extends Error {
  override name = 'MercadoPagoError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface PreferenceRequest {
  items: {
    id: string;
    title: string;
    description?: string;
    picture_url?: string;
    quantity: number;
    currency_id: 'ARS';
    /** In pesos, two decimals: MercadoPago takes decimal amounts. */
    unit_price: number;
  }[];
  payer: { name: string; email: string };
  external_reference: string;
  notification_url: string;
  back_urls: { success: string; pending: string; failure: string };
  auto_return: 'approved';
  expires: true;
  expiration_date_from: string;
  expiration_date_to: string;
  metadata: Record<string, string>;
  /** A connected account's preference: the platform's commission, kept at payment time (pesos). */
  marketplace_fee?: number;
}

export interface Preference {
  id: string;
  init_point: string;
}

/** The parts of a payment (GET /v1/payments/:id) we decide on. */
export interface MercadoPagoPayment {
  id: number | string;
  status: string;
  status_detail?: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  /** What the platform kept of a connected account's payment (pesos). */
  marketplace_fee?: number | null;
  fee_details?: { type: string; amount: number }[];
}

/** The platform's fee a payment carried, in cents: `marketplace_fee`, or its application fee details. */
export function applicationFeeCents(payment: MercadoPagoPayment): number | null {
  if (typeof payment.marketplace_fee === 'number' && payment.marketplace_fee > 0) {
    return decimalToCents(payment.marketplace_fee);
  }
  const fees = (payment.fee_details ?? []).filter((fee) => fee.type === 'application_fee');
  return fees.length ? decimalToCents(fees.reduce((sum, fee) => sum + fee.amount, 0)) : null;
}

/** What MercadoPago's OAuth answers for a code or a refresh token. */
export interface MercadoPagoTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lasts (six months). */
  expiresIn: number;
  /** The account's id: the collector of its payments. */
  userId: string;
  publicKey: string | null;
}

/** MercadoPago refused the code or the refresh token (`invalid_grant`): the company must connect again. */
export class MercadoPagoGrantRefused extends MercadoPagoError {
  override name = 'MercadoPagoGrantRefused';
}

/**
 * POST /oauth/token with the platform application's credentials: a code from
 * the authorization page, or a refresh token before the access token runs out.
 */
export async function requestMercadoPagoTokens(
  options: {
    apiUrl?: string | undefined;
    clientId: string;
    clientSecret: string;
    timeoutMs?: number;
  },
  grant:
    | { grant_type: 'authorization_code'; code: string; redirect_uri: string }
    | { grant_type: 'refresh_token'; refresh_token: string },
): Promise<MercadoPagoTokens> {
  const base = (options.apiUrl ?? MERCADOPAGO_API).replace(/\/+$/, '');
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      client_id: options.clientId,
      client_secret: options.clientSecret,
      ...grant,
    }).toString(),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An answer that is not JSON is a failed one, below.
  }
  if (!response.ok) {
    if (response.status === 400 && body.error === 'invalid_grant') {
      throw new MercadoPagoGrantRefused('MercadoPago refused the grant', 400);
    }
    throw new MercadoPagoError(
      `MercadoPago POST /oauth/token answered ${response.status}`,
      response.status,
    );
  }
  const { access_token, refresh_token, expires_in, user_id, public_key } = body;
  if (
    typeof access_token !== 'string' ||
    typeof refresh_token !== 'string' ||
    typeof expires_in !== 'number' ||
    (typeof user_id !== 'number' && typeof user_id !== 'string')
  ) {
    throw new MercadoPagoError('MercadoPago answered tokens without what a connection needs', 502);
  }
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    expiresIn: expires_in,
    userId: String(user_id),
    publicKey: typeof public_key === 'string' ? public_key : null,
  };
}

export interface MercadoPagoClient {
  createPreference(body: PreferenceRequest, idempotencyKey: string): Promise<Preference>;
  getPayment(id: string): Promise<MercadoPagoPayment>;
  /** `POST /v1/payments/:id/refunds` with no amount: the whole payment back to the buyer. */
  refundPayment(id: string, idempotencyKey: string): Promise<{ id: number | string }>;
}

export function createMercadoPagoClient(options: {
  accessToken: string;
  apiUrl?: string | undefined;
  timeoutMs?: number;
}): MercadoPagoClient {
  const base = (options.apiUrl ?? MERCADOPAGO_API).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(method: string, path: string, body?: unknown, headers = {}): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new MercadoPagoError(
        `MercadoPago ${method} ${path} answered ${response.status}`,
        response.status,
      );
    }
    return JSON.parse(text) as T;
  }

  return {
    async createPreference(body, idempotencyKey) {
      const preference = await call<Partial<Preference>>('POST', '/checkout/preferences', body, {
        'x-idempotency-key': idempotencyKey,
      });
      if (typeof preference.id !== 'string' || typeof preference.init_point !== 'string') {
        throw new MercadoPagoError('MercadoPago answered a preference without init_point', 502);
      }
      return { id: preference.id, init_point: preference.init_point };
    },
    async getPayment(id) {
      return call<MercadoPagoPayment>('GET', `/v1/payments/${encodeURIComponent(id)}`);
    },
    async refundPayment(id, idempotencyKey) {
      // The SDK's PaymentRefund.total sends an empty JSON object with the key.
      return call<{ id: number | string }>(
        'POST',
        `/v1/payments/${encodeURIComponent(id)}/refunds`,
        {},
        { 'x-idempotency-key': idempotencyKey },
      );
    },
  };
}

/** Cents to MercadoPago's decimal pesos. */
export function centsToDecimal(cents: number): number {
  return Math.round(cents) / 100;
}

/** MercadoPago's decimal amount to cents (rounded: 1234.5 → 123450). */
export function decimalToCents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * The `x-signature` of a MercadoPago webhook: `ts=…,v1=…`, where v1 is the
 * HMAC-SHA256 (hex) with the webhook secret of
 * `id:{data.id};request-id:{x-request-id};ts:{ts};` (parts without a value are
 * left out; an alphanumeric data.id is lower-cased).
 */
export function mercadoPagoManifest(parts: {
  dataId: string | undefined;
  requestId: string | undefined;
  ts: string;
}): string {
  let manifest = '';
  if (parts.dataId) {
    const id = /^[a-z0-9]+$/i.test(parts.dataId) ? parts.dataId.toLowerCase() : parts.dataId;
    manifest += `id:${id};`;
  }
  if (parts.requestId) manifest += `request-id:${parts.requestId};`;
  manifest += `ts:${parts.ts};`;
  return manifest;
}

export function signMercadoPagoWebhook(
  secret: string,
  parts: { dataId: string | undefined; requestId: string | undefined; ts: string },
): string {
  const v1 = createHmac('sha256', secret).update(mercadoPagoManifest(parts)).digest('hex');
  return `ts=${parts.ts},v1=${v1}`;
}

/** What a webhook's signature proves: nothing, a message from the sender, or an old one. */
export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/**
 * `ts` in seconds (as MercadoPago documents it) or in milliseconds (as some
 * notifications carry it): a 13-digit value in seconds would be the year 5000.
 */
function signatureTimeMs(ts: string): number | null {
  if (!/^\d{1,16}$/.test(ts)) return null;
  const value = Number(ts);
  return value < 100_000_000_000 ? value * 1000 : value;
}

export function verifyMercadoPagoSignature(
  secret: string,
  header: string | undefined,
  parts: { dataId: string | undefined; requestId: string | undefined },
  clock: { now?: number; toleranceSeconds: number },
): SignatureCheck {
  if (!header) return 'invalid';
  const fields = new Map(
    header.split(',').map((pair) => {
      const [key = '', ...rest] = pair.split('=');
      return [key.trim(), rest.join('=').trim()] as const;
    }),
  );
  const ts = fields.get('ts');
  const given = fields.get('v1');
  if (!ts || !given || !/^[0-9a-f]{64}$/i.test(given)) return 'invalid';
  const expected = createHmac('sha256', secret)
    .update(mercadoPagoManifest({ ...parts, ts }))
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'invalid';
  // A genuine notification replayed later (or signed with a clock far off) is refused, as Stripe does.
  const signedAt = signatureTimeMs(ts);
  const now = clock.now ?? Date.now();
  if (signedAt === null || Math.abs(now - signedAt) > clock.toleranceSeconds * 1000) {
    return 'expired';
  }
  return 'valid';
}
