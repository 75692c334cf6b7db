import { randomBytes } from 'node:crypto';
import { bearer, listen, send, type FakeServer } from './fake-http';

export interface FakePreference {
  id: string;
  init_point: string;
  accessToken: string;
  external_reference: string;
  notification_url: string;
  back_urls: { success: string; pending: string; failure: string };
  items: { title: string; quantity: number; unit_price: number; currency_id: string }[];
  expiration_date_to: string;
  /** The platform's commission, kept when the buyer pays (connected accounts only). */
  marketplace_fee?: number;
}

export interface FakeMercadoPagoPayment {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  accessToken: string;
  marketplace_fee?: number;
  fee_details?: { type: string; amount: number; fee_payer: string }[];
}

/** An account connected to the platform's application through the fake's OAuth. */
export interface FakeMercadoPagoAccount {
  userId: number;
  accessToken: string;
  refreshToken: string;
}

export interface FakeMercadoPago extends FakeServer {
  preferences: Map<string, FakePreference>;
  payments: Map<number, FakeMercadoPagoPayment>;
  /** Makes the next preference request fail with this status. */
  failNextPreference(status: number): void;
  /** Makes the next refund request fail with this status. */
  failNextRefund(status: number): void;
  /** The buyer pays a preference: a payment with its reference and amount (or others given). */
  pay(
    preferenceId: string,
    options?: {
      status?: string;
      amount?: number;
      currency?: string;
      reference?: string;
      /** A fee other than the preference's marketplace_fee. */
      fee?: number;
    },
  ): FakeMercadoPagoPayment;
  setStatus(paymentId: number, status: string): void;
  /** Accounts connected through /oauth/token, by user id. */
  accounts: Map<number, FakeMercadoPagoAccount>;
  /** The authorization page's answer: a code for this state, as the redirect carries it. */
  authorize(query: { state: string; redirect_uri: string }): string;
  /** MercadoPago stops honouring an account's refresh token (the user revoked the app). */
  revoke(userId: number): void;
}

export async function startFakeMercadoPago(
  options: {
    port?: number;
    /** When set, paying on the hosted page also sends the signed webhook, as MercadoPago does. */
    webhookSecret?: string | undefined;
    /** The platform application's credentials the fake's /oauth/token accepts. */
    app?: { clientId: string; clientSecret: string };
    /** Seconds the access tokens it issues last (six months, as MercadoPago's). */
    tokenSeconds?: number;
  } = {},
): Promise<FakeMercadoPago> {
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<number, FakeMercadoPagoPayment>();
  const accounts = new Map<number, FakeMercadoPagoAccount>();
  const codes = new Map<string, { redirectUri: string; userId: number }>();
  let nextUserId = 40_000_001;
  let nextPaymentId = 1_000_000_001;
  let failNext: number | null = null;
  let failNextRefund: number | null = null;
  /** Refunds made, by the X-Idempotency-Key they were asked with: a retry answers the same one. */
  const refunds = new Map<string, { id: number; payment_id: number; amount: number }>();
  let nextRefundId = 2_000_000_001;
  let base = '';

  const pay: FakeMercadoPago['pay'] = (preferenceId, given = {}) => {
    const preference = preferences.get(preferenceId);
    if (!preference) throw new Error(`no preference ${preferenceId}`);
    const amount = preference.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
    const payment: FakeMercadoPagoPayment = {
      id: nextPaymentId++,
      status: given.status ?? 'approved',
      status_detail: given.status === 'rejected' ? 'cc_rejected_other_reason' : 'accredited',
      external_reference: given.reference ?? preference.external_reference,
      transaction_amount: given.amount ?? Math.round(amount * 100) / 100,
      currency_id: given.currency ?? 'ARS',
      accessToken: preference.accessToken,
      // A connected account's payment: MercadoPago keeps the platform's fee and says so.
      ...(preference.marketplace_fee !== undefined
        ? {
            marketplace_fee: given.fee ?? preference.marketplace_fee,
            fee_details: [
              {
                type: 'application_fee',
                amount: given.fee ?? preference.marketplace_fee,
                fee_payer: 'collector',
              },
            ],
          }
        : {}),
    };
    payments.set(payment.id, payment);
    return payment;
  };

  const authorizedRedirect = (query: { state: string; redirect_uri: string }) => {
    const code = `TG-code-${randomBytes(8).toString('hex')}`;
    codes.set(code, { redirectUri: query.redirect_uri, userId: nextUserId++ });
    const target = new URL(query.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', query.state);
    return target.toString();
  };

  const fake = await listen(async (req, res, body) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    // The hosted checkout page (init_point) that the browser journey visits.
    const page = /^\/checkout-pro\/([\w-]+)(\/pay)?$/.exec(path);
    if (page) {
      const preference = preferences.get(page[1]!);
      if (!preference) return send(res, 404, { message: 'not found' });
      if (req.method === 'POST' && page[2]) {
        const payment = pay(preference.id);
        if (options.webhookSecret) await notify(preference, payment.id, options.webhookSecret);
        const target = new URL(preference.back_urls.success);
        target.searchParams.set('payment_id', String(payment.id));
        target.searchParams.set('collection_status', payment.status);
        target.searchParams.set('external_reference', preference.external_reference);
        res.writeHead(303, { location: target.toString() });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const total = preference.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
      return void res.end(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>MercadoPago (simulado)</title></head>` +
          `<body><h1>MercadoPago (simulado)</h1><p>${preference.items[0]?.title ?? ''}</p><p>Total: $ ${total.toFixed(2)}</p>` +
          `<form method="post" action="/checkout-pro/${preference.id}/pay"><button type="submit">Pagar</button></form></body></html>`,
      );
    }

    // The authorization page: a company signed in to MercadoPago authorizes the application.
    if (path === '/authorization') {
      const query = new URL(req.url ?? '/', base).searchParams;
      const state = query.get('state') ?? '';
      const redirectUri = query.get('redirect_uri') ?? '';
      if (query.get('client_id') !== options.app?.clientId || !redirectUri) {
        return send(res, 400, { message: 'invalid client_id or redirect_uri' });
      }
      if (req.method === 'POST') {
        res.writeHead(303, { location: authorizedRedirect({ state, redirect_uri: redirectUri }) });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>MercadoPago (simulado): autorizar</title></head>` +
          `<body><h1>MercadoPago (simulado)</h1><p>VendeMás quiere cobrar en tu nombre.</p>` +
          `<form method="post" action="/authorization?${query.toString()}"><button type="submit">Autorizar</button></form></body></html>`,
      );
    }
    if (req.method === 'POST' && path === '/oauth/token') {
      const form = new URLSearchParams(body);
      if (
        !options.app ||
        form.get('client_id') !== options.app.clientId ||
        form.get('client_secret') !== options.app.clientSecret
      ) {
        return send(res, 401, { error: 'invalid_client', message: 'invalid client', status: 401 });
      }
      const issue = (userId: number) => {
        const account: FakeMercadoPagoAccount = {
          userId,
          accessToken: `APP_USR-connected-${randomBytes(8).toString('hex')}`,
          refreshToken: `TG-${randomBytes(8).toString('hex')}`,
        };
        accounts.set(userId, account);
        return send(res, 200, {
          access_token: account.accessToken,
          token_type: 'bearer',
          expires_in: options.tokenSeconds ?? 15_552_000,
          scope: 'offline_access read write',
          user_id: userId,
          refresh_token: account.refreshToken,
          public_key: `APP_USR-public-${userId}`,
          live_mode: false,
        });
      };
      const refused = () =>
        send(res, 400, { error: 'invalid_grant', message: 'invalid_grant', status: 400 });
      if (form.get('grant_type') === 'authorization_code') {
        const given = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!given || given.redirectUri !== form.get('redirect_uri')) return refused();
        return issue(given.userId);
      }
      if (form.get('grant_type') === 'refresh_token') {
        const account = [...accounts.values()].find(
          (candidate) => candidate.refreshToken === form.get('refresh_token'),
        );
        // Each refresh token is spent once: the answer carries the next one.
        return account ? issue(account.userId) : refused();
      }
      return refused();
    }

    const token = bearer(req);
    if (!token || token.includes('invalid')) {
      return send(res, 401, {
        message: 'invalid access token',
        error: 'unauthorized',
        status: 401,
      });
    }
    if (req.method === 'POST' && path === '/checkout/preferences') {
      if (failNext) {
        const status = failNext;
        failNext = null;
        return send(res, status, { message: 'failed', status });
      }
      const input = JSON.parse(body) as Omit<FakePreference, 'id' | 'init_point' | 'accessToken'>;
      const id = `pref-${randomBytes(6).toString('hex')}`;
      const preference: FakePreference = {
        ...input,
        id,
        accessToken: token,
        init_point: `${base}/checkout-pro/${id}`,
      };
      preferences.set(id, preference);
      return send(res, 201, { ...input, id, init_point: preference.init_point });
    }
    // A refund of the whole payment: what `POST /v1/payments/:id/refunds` with no amount does.
    const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
    if (req.method === 'POST' && refund) {
      const found = payments.get(Number(refund[1]));
      if (!found || found.accessToken !== token) {
        return send(res, 404, { message: 'Payment not found', status: 404 });
      }
      if (failNextRefund) {
        const status = failNextRefund;
        failNextRefund = null;
        return send(res, status, { message: 'internal_error', status });
      }
      const key = req.headers['x-idempotency-key'];
      const known = typeof key === 'string' ? refunds.get(key) : undefined;
      if (known) return send(res, 201, { ...known, status: 'approved' });
      if (found.status !== 'approved') {
        return send(res, 400, {
          message: `Payment with status ${found.status} cannot be refunded`,
          error: 'bad_request',
          status: 400,
        });
      }
      found.status = 'refunded';
      found.status_detail = 'refunded';
      const made = { id: nextRefundId++, payment_id: found.id, amount: found.transaction_amount };
      if (typeof key === 'string') refunds.set(key, made);
      return send(res, 201, { ...made, status: 'approved' });
    }
    const payment = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (req.method === 'GET' && payment) {
      const found = payments.get(Number(payment[1]));
      if (!found || found.accessToken !== token) {
        return send(res, 404, { message: 'Payment not found', status: 404 });
      }
      const { accessToken: _hidden, ...visible } = found;
      return send(res, 200, visible);
    }
    return send(res, 404, { message: 'resource not found', status: 404 });
  }, options.port);
  base = fake.url;

  return {
    ...fake,
    preferences,
    payments,
    failNextPreference(status) {
      failNext = status;
    },
    failNextRefund(status) {
      failNextRefund = status;
    },
    pay,
    setStatus(paymentId, status) {
      const found = payments.get(paymentId);
      if (!found) throw new Error(`no payment ${paymentId}`);
      found.status = status;
    },
    accounts,
    authorize(query) {
      return new URL(authorizedRedirect(query)).searchParams.get('code')!;
    },
    revoke(userId) {
      accounts.delete(userId);
    },
  };
}

/** Delivers MercadoPago's webhook for a payment to the preference's notification_url. */
async function notify(preference: FakePreference, paymentId: number, secret: string) {
  const url = new URL(preference.notification_url);
  url.searchParams.set('data.id', String(paymentId));
  url.searchParams.set('type', 'payment');
  const requestId = randomBytes(8).toString('hex');
  const ts = String(Date.now());
  const { signMercadoPagoWebhook } = await import('../../src/server/features/payments/mercadopago');
  await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId,
      'x-signature': signMercadoPagoWebhook(secret, { dataId: String(paymentId), requestId, ts }),
    },
    body: JSON.stringify({
      type: 'payment',
      action: 'payment.updated',
      data: { id: String(paymentId) },
    }),
  }).catch(() => undefined);
}

// ─── Stripe (PaymentIntents) ────────────────────────────────────────────────
