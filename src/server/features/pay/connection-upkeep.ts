import type { FastifyBaseLogger } from 'fastify';
import { MERCADOPAGO_CONNECT_MESSAGES } from '@shared/payments/payment-methods.schema';
import { sendNotice } from '../notifications/notifications.service';
import {
  connectionsDue,
  renewIfDue,
  type ConnectDeps,
  type RenewResult,
} from '../payments/mercadopago-connect.service';

/**
 * Keeps companies' connected MercadoPago accounts usable: each token is renewed
 * before it runs out (by the hourly sweep, and on use when the sweep has not
 * got to it), and a company whose connection MercadoPago refused to renew
 * hears it once, under the bell and by e-mail; its payment links then offer
 * its other methods.
 */
export async function renewConnection(
  deps: ConnectDeps & { log: FastifyBaseLogger },
  methodId: string,
): Promise<RenewResult | null> {
  const result = await renewIfDue(deps, methodId);
  if (result?.kind === 'broke') {
    deps.log.warn({ companyId: result.companyId }, 'MercadoPago refused to renew a connection');
    await deps.db.transaction((tx) =>
      sendNotice(tx, {
        userId: result.companyId,
        kind: 'company_connection_broken',
        title: MERCADOPAGO_CONNECT_MESSAGES.brokenTitle,
        body: MERCADOPAGO_CONNECT_MESSAGES.broken,
        link: '/company/payment-gateways',
        payload: {},
        dedupeKey: `connection-broken:${methodId}:${result.method.tokenExpiresAt?.toISOString() ?? ''}`,
      }),
    );
  }
  return result;
}

/** Renews every connection due (the hourly sweep); answers how many it renewed and how many broke. */
export async function renewDueConnections(
  deps: ConnectDeps & { log: FastifyBaseLogger },
): Promise<{ renewed: number; broken: number }> {
  const counts = { renewed: 0, broken: 0 };
  for (const id of await connectionsDue(deps)) {
    const result = await renewConnection(deps, id);
    if (result?.kind === 'renewed') counts.renewed += 1;
    if (result?.kind === 'broke') counts.broken += 1;
  }
  return counts;
}
