import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { bearer, listen, send } from './fake-http';
import type {
  FakeAccount,
  FakeApplicationFee,
  FakeCharge,
  FakeDispute,
  FakePaymentIntent,
  FakeStripe,
} from './fake-stripe-objects';
import { refundPayment } from './fake-stripe-refunds';

export type * from './fake-stripe-objects';

/**
 * A local stand-in for the parts of Stripe's HTTP API the app uses
 * (PaymentIntents, charges, refunds, disputes, Connect accounts and
 * application fees), on loopback through STRIPE_API_URL. Like Stripe it
 * checks the secret key (one containing "invalid" is refused with 401) and
 * finds an object only with the key and account that made it.
 */

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
  let failNextRefund: number | null = null;
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
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (failNextRefund) {
        const status = failNextRefund;
        failNextRefund = null;
        return send(res, status, {
          error: { type: 'api_error', message: 'An error occurred with our connection to Stripe.' },
        });
      }
      const [status, answer, made] = refundPayment(
        { intents, charges, applicationFees },
        new URLSearchParams(body),
        { key, acting, known, newId },
      );
      if (made && typeof idempotency === 'string') byIdempotencyKey.set(idempotency, made);
      return send(res, status, answer);
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
    failNextRefund(status) {
      failNextRefund = status;
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
