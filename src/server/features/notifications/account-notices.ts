import { formatDateTime } from '@shared/time';
import type { Transaction } from '../../db/client';
import type { DisabledEndpoint } from '../webhooks/webhook-delivery';
import { sendNotice } from './notifications.service';

/** What the owner of a locked account is told (features/sign-in-protection), once per lock. */
export interface AccountLock {
  userId: string;
  lockedUntil: Date;
  failures: number;
}

/**
 * A sign-in lock, told to the account's owner in the lock's transaction: a
 * bell entry they see when they are back, and an e-mail (always sent, it
 * cannot be turned off) whose link lets them choose a new password. The lock's
 * end makes it unique: a second writer of the same lock adds nothing.
 */
export async function notifyAccountLocked(tx: Transaction, lock: AccountLock): Promise<void> {
  const until = lock.lockedUntil.toISOString();
  await sendNotice(tx, {
    userId: lock.userId,
    kind: 'account_locked',
    title: 'Bloqueamos el inicio de sesión en tu cuenta',
    body: `Hubo ${lock.failures} intentos fallidos con tu contraseña: el inicio de sesión quedó bloqueado hasta el ${formatDateTime(lock.lockedUntil)}. Si no fuiste tú, cambia tu contraseña.`,
    link: '/forgot-password',
    payload: { userId: lock.userId, failures: lock.failures, lockedUntil: until },
    dedupeKey: `account-locked:${lock.userId}:${until}`,
  });
}

/**
 * A webhook that failed for three days and was turned off, told to its
 * company in the transaction that turns it off: a bell entry and an e-mail
 * (always sent: the company's systems stopped hearing about its orders).
 */
export async function notifyWebhookDisabled(
  tx: Transaction,
  endpoint: DisabledEndpoint,
): Promise<void> {
  await sendNotice(tx, {
    userId: endpoint.companyId,
    kind: 'company_webhook_disabled',
    title: 'Desactivamos un webhook que no respondía',
    body: `${endpoint.url} falló en cada entrega desde el ${formatDateTime(endpoint.failingSince)}, así que dejamos de enviarle eventos. Revísalo y vuelve a activarlo en Integraciones.`,
    link: '/company/integrations',
    payload: {
      endpointId: endpoint.id,
      url: endpoint.url,
      failingSince: endpoint.failingSince.toISOString(),
    },
    dedupeKey: `webhook-disabled:${endpoint.id}:${endpoint.failingSince.toISOString()}`,
  });
}
