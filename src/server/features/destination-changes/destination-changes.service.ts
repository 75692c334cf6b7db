import { createHash, randomBytes } from 'node:crypto';
import { NOT_ME_LINK_DAYS } from '@shared/accounts/not-me.schema';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import type { Transaction } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { recordAudit } from '../audit/audit.service';
import { notMeUrlContext, type DestinationMailPayload } from '../notifications/destination-mails';
import { sendNotice } from '../notifications/notifications.service';
import { profileContacts } from '../profiles/profiles.service';
import { destinationChanges } from './destination-changes.table';

/**
 * Records a change of where an account's money goes and tells its owner, all
 * in the change's transaction: the change with its 'No fui yo' token's hash,
 * the audit entry (masked values), a bell entry and the e-mail with the link
 * (queued in the outbox; the link sealed until it is sent).
 */

export type DestinationSubject = (typeof destinationChanges.$inferInsert)['subject'];

export interface DestinationChange {
  userId: string;
  subject: DestinationSubject;
  provider?: PaymentProvider | null;
  /** What changed, for people: «Datos de cobro», «Transferencia», «ID de Cobrador». */
  what: string;
  /** The destinations by their last 4 characters (destination-labels.ts). */
  before: string;
  after: string;
  at: Date;
  /** Until when the seller's payouts wait, when the change holds them. */
  heldUntil?: Date | null;
  /** A company's state before the change, to be put back by 'No fui yo'. */
  previous?: Record<string, unknown> | null;
}

export interface DestinationChangeDeps {
  secretBox: SecretBox;
  appUrl: string;
}

export const hashNotMeToken = (token: string) => createHash('sha256').update(token).digest('hex');

const NOT_ME_LINK_MS = NOT_ME_LINK_DAYS * 86_400_000;

export async function recordDestinationChange(
  tx: Transaction,
  deps: DestinationChangeDeps,
  change: DestinationChange,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(destinationChanges)
    .values({
      userId: change.userId,
      subject: change.subject,
      provider: change.provider ?? null,
      maskedBefore: change.before,
      maskedAfter: change.after,
      changedAt: change.at,
      tokenHash: hashNotMeToken(token),
      expiresAt: new Date(change.at.getTime() + NOT_ME_LINK_MS),
      previous: change.previous ?? null,
    })
    .returning({ id: destinationChanges.id });
  if (!row) throw new Error('insert returned no destination change');

  const seller = change.subject === 'seller_payout_details';
  const owner = (await profileContacts(tx, [change.userId])).get(change.userId);
  await recordAudit(tx, {
    actorId: change.userId,
    actorName: owner?.name ?? '',
    action: seller ? 'seller.payout_details_changed' : 'company.payment_method_changed',
    targetType: seller ? 'seller' : 'company',
    targetId: change.userId,
    at: change.at,
    before: { subject: change.what, destination: change.before },
    after: {
      subject: change.what,
      destination: change.after,
      ...(change.heldUntil ? { held_until: change.heldUntil.toISOString() } : {}),
    },
  });

  const url = `${deps.appUrl}/account/not-me?token=${token}`;
  await sendNotice(tx, {
    userId: change.userId,
    kind: seller ? 'seller_payout_details_changed' : 'company_payment_method_changed',
    title: seller ? 'Cambiaron tus datos de cobro' : `Cambió «${change.what}» de tu empresa`,
    body: `Antes: ${change.before}. Ahora: ${change.after}.${
      change.heldUntil ? ' Tus pagos quedan retenidos unos días por seguridad.' : ''
    } Si no fuiste tú, usa «No fui yo» en el e-mail que te enviamos.`,
    link: seller ? '/seller/payouts' : '/company/payment-gateways',
    payload: {
      changeId: row.id,
      subject: change.what,
      before: change.before,
      after: change.after,
      changedAt: change.at.toISOString(),
      heldUntil: change.heldUntil?.toISOString() ?? null,
      sealedNotMeUrl: deps.secretBox.seal(url, notMeUrlContext(row.id)),
    } satisfies DestinationMailPayload,
  });
}
