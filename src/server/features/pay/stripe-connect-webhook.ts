import { STRIPE_CONNECT_MESSAGES } from '@shared/payments/payment-methods.schema';
import { sendNotice } from '../notifications/notifications.service';
import { settle, type ConfirmationDeps } from '../payments/payment-confirmation.service';
import { INVALID_SIGNATURE } from '../payments/providers/provider';
import { connectedStripeAccount, readStripeEvent } from '../payments/providers/stripe';
import { verifyStripeEvent } from '../payments/providers/stripe-event';
import {
  breakStripeConnection,
  methodOfAccount,
  platformStripe,
  syncStripeAccount,
} from '../payments/stripe-connect.service';
import type { MethodChangeHook } from '../payments/payment-method-changes';
import type { WebhookRequest } from '../payments/webhook-route';

/**
 * POST /api/webhooks/stripe/connect: the platform's Connect endpoint, where
 * Stripe sends the events of every connected account, signed with
 * STRIPE_CONNECT_WEBHOOK_SECRET. The event's `account` names the company;
 * what it says is read back from Stripe with the platform's key acting for
 * that account, and payments are applied like any other (once, to that
 * company's order only).
 */
export async function handleStripeConnectWebhook(
  deps: ConfirmationDeps & { appUrl: string; onChange?: MethodChangeHook },
  request: WebhookRequest,
): Promise<{ received: true; result: string }> {
  const platform = deps.pay.stripeConnect;
  if (!platform) throw INVALID_SIGNATURE();
  const event = verifyStripeEvent(
    platformStripe(deps.pay),
    platform.webhookSecret,
    request.rawBody,
    request.headers['stripe-signature'],
  );
  const accountId = event.account;
  if (typeof accountId !== 'string' || !/^acct_\w{1,255}$/.test(accountId)) {
    return { received: true, result: 'ignored' };
  }
  const row = await methodOfAccount(deps.db, accountId);
  if (!row) return { received: true, result: 'unknown_company' };

  if (event.type === 'account.updated') {
    const state = await syncStripeAccount(deps, row);
    return { received: true, result: `account_${state}` };
  }
  if (event.type === 'account.application.deauthorized') {
    const broke = await breakStripeConnection(deps.db, row, new Date());
    if (broke) {
      deps.log.warn({ companyId: row.companyId }, 'a company disconnected the platform in Stripe');
      await deps.db.transaction((tx) =>
        sendNotice(tx, {
          userId: row.companyId,
          kind: 'company_connection_broken',
          title: STRIPE_CONNECT_MESSAGES.brokenTitle,
          body: STRIPE_CONNECT_MESSAGES.broken,
          link: '/company/payment-gateways',
          payload: { provider: 'stripe' },
          dedupeKey: `connection-broken:${row.id}:${event.id}`,
        }),
      );
    }
    return { received: true, result: 'account_deauthorized' };
  }

  const account = connectedStripeAccount(deps.pay, accountId);
  if (!account) return { received: true, result: 'ignored' };
  const read = await readStripeEvent(deps, account, event, row.companyId);
  if ('result' in read) return { received: true, result: read.result };
  return {
    received: true,
    result: await settle(deps, 'stripe', { kind: 'company', id: row.companyId }, read.reading),
  };
}
