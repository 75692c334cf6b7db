import { and, desc, eq, gt, gte, isNull, ne } from 'drizzle-orm';
import {
  NOT_ME_MESSAGES,
  type NotMeChange,
  type NotMeResult,
} from '@shared/accounts/not-me.schema';
import { formatDateTime } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { endSessionsOf } from '../auth/users.service';
import { restoreMethod, type MethodSnapshot } from '../payments/payment-method-changes';
import { restoreCollectorId } from '../profiles/company-profile.service';
import { lockProfile } from '../profiles/profiles.service';
import { raiseRisk } from '../risk/risk-signals';
import { waitForPayoutBatches } from '../settlements/payouts.service';
import { PROVIDER_LABELS } from './destination-labels';
import { hashNotMeToken } from './destination-changes.service';
import { destinationChanges } from './destination-changes.table';
import { companyScope } from '../../lib/scope';

/**
 * 'No fui yo' (API.md "Payout details changed"): the owner of an account says
 * a change of where its money goes was not theirs. The link's token is spent
 * once, with the links of the account's later changes; a seller's payouts are all held
 * by a risk flag until an admin releases them; a company's changes since the
 * one disowned are put back; every session of the account is signed out. One
 * transaction; the new password is asked for by e-mail once it has committed.
 */

type ChangeRow = typeof destinationChanges.$inferSelect;

const accountOf = (row: ChangeRow): NotMeChange['account'] =>
  row.subject === 'seller_payout_details' ? 'seller' : 'company';

function subjectOf(row: ChangeRow): string {
  if (row.subject === 'seller_payout_details') return 'Datos de cobro';
  if (row.subject === 'company_collector_id') return 'ID de Cobrador';
  return row.provider ? PROVIDER_LABELS[row.provider] : 'Medio de cobro';
}

/** Why a token cannot be used: unknown (404), spent (409) or out of its 7 days (410). */
function refusal(row: ChangeRow | undefined, now: Date): AppError {
  if (!row) return new AppError('NOT_ME_TOKEN_INVALID', NOT_ME_MESSAGES.tokenInvalid, 404);
  if (row.usedAt) return new AppError('NOT_ME_TOKEN_USED', NOT_ME_MESSAGES.tokenUsed, 409);
  if (row.expiresAt <= now) {
    return new AppError('NOT_ME_TOKEN_EXPIRED', NOT_ME_MESSAGES.tokenExpired, 410);
  }
  return new AppError('NOT_ME_TOKEN_INVALID', NOT_ME_MESSAGES.tokenInvalid, 404);
}

async function changeOfToken(db: Database | Transaction, token: string) {
  const [row] = await db
    .select()
    .from(destinationChanges)
    .where(eq(destinationChanges.tokenHash, hashNotMeToken(token)));
  return row;
}

/** What the link is about, for the page to explain before the owner confirms; changes nothing. */
export async function previewNotMe(db: Database, token: string, now = new Date()) {
  const row = await changeOfToken(db, token);
  if (!row || row.usedAt || row.expiresAt <= now) throw refusal(row, now);
  return {
    account: accountOf(row),
    subject: subjectOf(row),
    before: row.maskedBefore,
    after: row.maskedAfter,
    changed_at: row.changedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  } satisfies NotMeChange;
}

/**
 * POST /api/account/not-me. Answers what was done and the account's user, to
 * whom the caller sends the password-reset e-mail.
 */
export async function confirmNotMe(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ userId: string; result: Omit<NotMeResult, 'password_reset_sent'> }> {
  return db.transaction(async (tx) => {
    // A payout batch being written finishes first; one starting now waits for
    // this answer, and then sees the seller held.
    await waitForPayoutBatches(tx);
    const [spent] = await tx
      .update(destinationChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(destinationChanges.tokenHash, hashNotMeToken(token)),
          isNull(destinationChanges.usedAt),
          gt(destinationChanges.expiresAt, now),
        ),
      )
      .returning();
    if (!spent) throw refusal(await changeOfToken(tx, token), now);
    const userId = spent.userId;
    const owner = await lockProfile(tx, userId);
    if (!owner) throw refusal(undefined, now);
    // The answer covers the later changes too: their links are spent with this one.
    // Earlier changes keep theirs, so the owner can disown them as well.
    await tx
      .update(destinationChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(destinationChanges.userId, userId),
          isNull(destinationChanges.usedAt),
          gte(destinationChanges.changedAt, spent.changedAt),
        ),
      );

    const account = accountOf(spent);
    const restored = account === 'company' ? await putBack(tx, spent, now) : [];
    if (account === 'seller') {
      await raiseRisk(tx, {
        sellerId: userId,
        kind: 'payout_details_changed',
        at: now,
        detail: `«No fui yo»: el vendedor no reconoce el cambio de datos de cobro del ${formatDateTime(spent.changedAt)} (de ${spent.maskedBefore} a ${spent.maskedAfter}).`,
      });
    }
    await endSessionsOf(tx, userId);
    await recordAudit(tx, {
      actorId: userId,
      actorName: owner.name,
      action: 'account.not_me',
      targetType: account,
      targetId: userId,
      at: now,
      before: { subject: subjectOf(spent), destination: spent.maskedAfter },
      after: {
        note:
          account === 'seller'
            ? 'Pagos retenidos hasta que un administrador revise la cuenta; sesiones cerradas.'
            : 'Sesiones cerradas.',
        ...(restored.length ? { restored: restored.join('; ') } : {}),
      },
    });
    return {
      userId,
      result: {
        account,
        signed_out: true as const,
        restored,
        payouts_held: account === 'seller',
      },
    };
  });
}

/**
 * A company's changes from the disowned one on, undone newest first, so each
 * method (and the collector id) is back as it was before that change. Answers
 * what was put back, as people read it.
 */
async function putBack(tx: Transaction, from: ChangeRow, now: Date): Promise<string[]> {
  const changes = await tx
    .select()
    .from(destinationChanges)
    .where(
      and(
        eq(destinationChanges.userId, from.userId),
        ne(destinationChanges.subject, 'seller_payout_details'),
        isNull(destinationChanges.restoredAt),
        gte(destinationChanges.changedAt, from.changedAt),
      ),
    )
    .orderBy(desc(destinationChanges.changedAt), desc(destinationChanges.id));
  const restored = new Map<string, string>();
  for (const change of changes) {
    const previous = (change.previous ?? {}) as {
      kind?: 'payment_method' | 'collector_id';
      method?: MethodSnapshot | null;
      value?: string | null;
    };
    if (change.subject === 'company_collector_id') {
      await restoreCollectorId(tx, companyScope(change.userId), previous.value ?? null);
    } else if (change.provider) {
      await restoreMethod(tx, change.userId, change.provider, previous.method ?? null, now);
    } else {
      continue;
    }
    await tx
      .update(destinationChanges)
      .set({ restoredAt: now })
      .where(eq(destinationChanges.id, change.id));
    // Newest first: the last one put back for a subject is what it is now.
    restored.set(subjectOf(change), `${subjectOf(change)}: ${change.maskedBefore}`);
  }
  return [...restored.values()];
}
