import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the parts of MercadoPago's and Stripe's HTTP APIs that
 * payment links use, on loopback. The server talks to them through
 * MERCADOPAGO_API_URL and STRIPE_API_URL; no test reaches the internet.
 * Both check the bearer credentials, as the real APIs do: a token or key
 * containing "invalid" is refused with 401.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => Promise<void> | void,
  port = 0,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      requests.push({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
      });
      try {
        await handler(req, res, body);
      } catch (error) {
        send(res, 500, { message: String(error) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function bearer(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/.exec(header);
  return match?.[1] ?? null;
}

// ─── MercadoPago ────────────────────────────────────────────────────────────

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

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  secretKey: string;
  /** The connected account it was made on (the Stripe-Account header); null for the key's own. */
  stripeAccount: string | null;
  latest_charge: string | null;
  /** What the platform keeps of a connected account's payment. */
  application_fee_amount: number | null;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  /** The application fee taken from it (fee_…), for a connected account's payment. */
  application_fee: string | null;
  application_fee_amount: number | null;
  secretKey: string;
  stripeAccount: string | null;
}

/** A connected account the platform made (Connect): it takes payments once onboarded. */
export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  charges_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
  secretKey: string;
  stripeAccount: null;
}

/** The platform's share of a connected account's charge. */
export interface FakeApplicationFee {
  id: string;
  object: 'application_fee';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  account: string;
  charge: string;
  secretKey: string;
  stripeAccount: null;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: string;
  secretKey: string;
  stripeAccount: string | null;
}

export interface FakeStripe extends FakeServer {
  intents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  disputes: Map<string, FakeDispute>;
  accounts: Map<string, FakeAccount>;
  applicationFees: Map<string, FakeApplicationFee>;
  /** The company finishes (or, with false, has not finished) onboarding: its account takes charges. */
  onboard(accountId: string, chargesEnabled?: boolean): void;
  /**
   * The card payment succeeds (what Stripe.js's confirmPayment would cause);
   * `received` makes Stripe record another amount or currency than the intent's.
   */
  succeed(
    intentId: string,
    received?: { amount?: number; currency?: string; fee?: number | null },
  ): FakePaymentIntent;
  /** The payment is refunded in full; answers the charge id. */
  refund(intentId: string): string;
  /** The buyer's bank disputes the payment; answers the dispute id. */
  dispute(intentId: string): string;
}

export async function startFakeStripe(options: { port?: number } = {}): Promise<FakeStripe> {
  const intents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const disputes = new Map<string, FakeDispute>();
  const accounts = new Map<string, FakeAccount>();
  const applicationFees = new Map<string, FakeApplicationFee>();
  /** Account links: single-use onboarding pages for one account. */
  const links = new Map<
    string,
    { account: string; refreshUrl: string; returnUrl: string; expiresAt: number; used: boolean }
  >();
  const byIdempotencyKey = new Map<string, string>();
  let counter = 0;
  const newId = (prefix: string) => {
    counter += 1;
    return `${prefix}_fake_${counter}_${randomBytes(4).toString('hex')}`;
  };

  const visible = <T extends { secretKey: string; stripeAccount: string | null }>(
    object: T,
  ): Omit<T, 'secretKey' | 'stripeAccount'> => {
    const { secretKey: _hidden, stripeAccount: _account, ...rest } = object;
    return rest;
  };

  /** The intent succeeds with a charge of what was received (and, on a connected account, its fee). */
  const charge = (
    intent: FakePaymentIntent,
    received: { amount?: number; currency?: string; fee?: number | null },
  ) => {
    intent.status = 'succeeded';
    intent.amount_received = received.amount ?? intent.amount;
    if (received.currency) intent.currency = received.currency;
    const id = `ch_${intent.id}`;
    intent.latest_charge = id;
    const feeAmount = received.fee !== undefined ? received.fee : intent.application_fee_amount;
    let feeId: string | null = null;
    if (intent.stripeAccount && feeAmount) {
      feeId = `fee_${intent.id}`;
      applicationFees.set(feeId, {
        id: feeId,
        object: 'application_fee',
        amount: feeAmount,
        amount_refunded: 0,
        refunded: false,
        currency: intent.currency,
        account: intent.stripeAccount,
        charge: id,
        secretKey: intent.secretKey,
        stripeAccount: null,
      });
    }
    charges.set(id, {
      id,
      object: 'charge',
      amount: intent.amount_received,
      amount_refunded: 0,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: false,
      application_fee: feeId,
      application_fee_amount: feeId ? feeAmount : null,
      secretKey: intent.secretKey,
      stripeAccount: intent.stripeAccount,
    });
    return intent;
  };

  const missing = (res: ServerResponse, name: string) =>
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${name}`,
      },
    });

  /** GET /v1/{kind}/:id with the account's own key, as Stripe answers it. */
  const retrievable = [
    { path: /^\/v1\/payment_intents\/(\w+)$/, store: intents, name: 'payment_intent' },
    { path: /^\/v1\/charges\/(\w+)$/, store: charges, name: 'charge' },
    { path: /^\/v1\/disputes\/(\w+)$/, store: disputes, name: 'dispute' },
    { path: /^\/v1\/accounts\/(\w+)$/, store: accounts, name: 'account' },
    { path: /^\/v1\/application_fees\/(\w+)$/, store: applicationFees, name: 'application_fee' },
  ] as const;

  const fake = await listen(async (req, res, body) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/health') return send(res, 200, { status: 'ok' });
    // Browser side: the onboarding page an account link opens (single use, five minutes).
    const onboarding = /^\/connect\/onboarding\/(\w+)$/.exec(path);
    if (onboarding) {
      const link = links.get(onboarding[1]!);
      if (!link) return send(res, 404, { message: 'unknown link' });
      const stale = link.used || link.expiresAt * 1000 < Date.now();
      if (stale || req.method === 'POST') {
        if (!stale) {
          link.used = true;
          const account = accounts.get(link.account)!;
          account.charges_enabled = true;
          account.details_submitted = true;
        }
        res.writeHead(303, { location: stale ? link.refreshUrl : link.returnUrl });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Stripe (simulado): activar la cuenta</title></head>` +
          `<body><h1>Stripe (simulado)</h1><p>Completa los datos de tu cuenta para cobrar con VendeMás.</p>` +
          `<form method="post"><button type="submit">Completar</button></form></body></html>`,
      );
    }
    // Browser side (the fake Stripe.js): confirm with the client secret.
    const confirm = /^\/v1\/payment_intents\/(\w+)\/confirm$/.exec(path);
    const key = bearer(req);
    if (req.method === 'POST' && confirm) {
      const intent = intents.get(confirm[1]!);
      const form = new URLSearchParams(body);
      // A connected account's intent is confirmed only by Stripe.js loaded for that account.
      const account = form.get('stripe_account') || null;
      if (
        !intent ||
        form.get('client_secret') !== intent.client_secret ||
        account !== intent.stripeAccount
      ) {
        return send(res, 404, {
          error: { type: 'invalid_request_error', message: 'No such payment_intent' },
        });
      }
      if (form.get('card_number')?.startsWith('4000000000000002')) {
        return send(res, 402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Tu tarjeta fue rechazada.',
          },
        });
      }
      return send(res, 200, visible(charge(intent, {})));
    }
    if (!key || key.includes('invalid')) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    // Connect: the account a request acts for (the platform's key with a Stripe-Account header).
    const onAccount = req.headers['stripe-account'];
    const acting = typeof onAccount === 'string' ? onAccount : null;
    if (acting) {
      const account = accounts.get(acting);
      if (!account || account.secretKey !== key) {
        return send(res, 403, {
          error: {
            type: 'invalid_request_error',
            code: 'account_invalid',
            message: 'The provided key does not have access to account',
          },
        });
      }
    }
    const idempotency = req.headers['idempotency-key'];
    const known = typeof idempotency === 'string' ? byIdempotencyKey.get(idempotency) : undefined;

    if (req.method === 'POST' && path === '/v1/accounts') {
      if (known) return send(res, 200, visible(accounts.get(known)!));
      const form = new URLSearchParams(body);
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const account: FakeAccount = {
        id: newId('acct'),
        object: 'account',
        type: form.get('type') ?? 'standard',
        email: form.get('email'),
        charges_enabled: false,
        details_submitted: false,
        metadata,
        secretKey: key,
        stripeAccount: null,
      };
      accounts.set(account.id, account);
      if (typeof idempotency === 'string') byIdempotencyKey.set(idempotency, account.id);
      return send(res, 200, visible(account));
    }
    if (req.method === 'POST' && path === '/v1/account_links') {
      const form = new URLSearchParams(body);
      const account = accounts.get(form.get('account') ?? '');
      if (!account || account.secretKey !== key) return missing(res, 'account');
      if (form.get('type') !== 'account_onboarding') {
        return send(res, 400, {
          error: { type: 'invalid_request_error', message: 'Invalid type' },
        });
      }
      const id = newId('link');
      const expiresAt = Math.floor(Date.now() / 1000) + 300;
      links.set(id, {
        account: account.id,
        refreshUrl: form.get('refresh_url') ?? '',
        returnUrl: form.get('return_url') ?? '',
        expiresAt,
        used: false,
      });
      return send(res, 200, {
        object: 'account_link',
        created: Math.floor(Date.now() / 1000),
        expires_at: expiresAt,
        url: `${fake.url}/connect/onboarding/${id}`,
      });
    }
    const feeRefund = /^\/v1\/application_fees\/(\w+)\/refunds$/.exec(path);
    if (req.method === 'POST' && feeRefund) {
      const fee = applicationFees.get(feeRefund[1]!);
      if (!fee || fee.secretKey !== key || acting) return missing(res, 'application_fee');
      if (known) return send(res, 200, { id: known, object: 'fee_refund', fee: fee.id });
      if (fee.refunded) {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Application fee has already been refunded.',
          },
        });
      }
      fee.refunded = true;
      fee.amount_refunded = fee.amount;
      const refundId = newId('fr');
      if (typeof idempotency === 'string') byIdempotencyKey.set(idempotency, refundId);
      return send(res, 200, {
        id: refundId,
        object: 'fee_refund',
        amount: fee.amount,
        fee: fee.id,
      });
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      if (known) return send(res, 200, visible(intents.get(known)!));
      const form = new URLSearchParams(body);
      const id = newId('pi');
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const intent: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
        secretKey: key,
        stripeAccount: acting,
        latest_charge: null,
        application_fee_amount: form.has('application_fee_amount')
          ? Number(form.get('application_fee_amount'))
          : null,
      };
      intents.set(id, intent);
      if (typeof idempotency === 'string') byIdempotencyKey.set(idempotency, id);
      return send(res, 200, visible(intent));
    }
    for (const kind of retrievable) {
      const match = req.method === 'GET' ? kind.path.exec(path) : null;
      if (!match) continue;
      const found = (
        kind.store as Map<string, { secretKey: string; stripeAccount: string | null }>
      ).get(match[1]!);
      // An object is found only with the key and the account it was made with.
      if (!found || found.secretKey !== key || found.stripeAccount !== acting) {
        return missing(res, kind.name);
      }
      return send(res, 200, visible(found));
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
    });
  }, options.port);

  const chargeOf = (intentId: string) => {
    const found = charges.get(`ch_${intentId}`);
    if (!found) throw new Error(`no charge for ${intentId}`);
    return found;
  };

  return {
    ...fake,
    intents,
    charges,
    disputes,
    accounts,
    applicationFees,
    onboard(accountId, chargesEnabled = true) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      account.charges_enabled = chargesEnabled;
      account.details_submitted = chargesEnabled;
    },
    succeed(intentId, received = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return charge(intent, received);
    },
    refund(intentId) {
      const found = chargeOf(intentId);
      found.refunded = true;
      found.amount_refunded = found.amount;
      return found.id;
    },
    dispute(intentId) {
      const found = chargeOf(intentId);
      const id = `dp_${intentId}`;
      disputes.set(id, {
        id,
        object: 'dispute',
        amount: found.amount,
        currency: found.currency,
        charge: found.id,
        payment_intent: intentId,
        status: 'needs_response',
        secretKey: found.secretKey,
        stripeAccount: found.stripeAccount,
      });
      return id;
    },
  };
}
