import { and, eq } from 'drizzle-orm';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import type { Database, Transaction } from '../../db/client';
import { lockProfile } from '../profiles/profiles.service';
import { companyPaymentMethods } from './payment-methods.table';

/**
 * Changes of where a company's money goes, one provider's method at a time:
 * made with the company's profile locked, told to whoever listens (the
 * owner's e-mail and the audit entry), and put back from a snapshot when the
 * owner answers 'No fui yo'.
 */

type MethodRow = typeof companyPaymentMethods.$inferSelect;

/**
 * Told, in the change's transaction, what a company's method of one provider
 * was before and after a change the company made (the owner's e-mail with
 * 'No fui yo' and the audit entry: app.destinationChanges, composed in the routes).
 */
export type MethodChangeHook = (
  tx: Transaction,
  change: {
    companyId: string;
    provider: PaymentProvider;
    before: MethodRow | null;
    after: MethodRow | null;
  },
) => Promise<void>;

async function methodOf(
  db: Database | Transaction,
  companyId: string,
  provider: PaymentProvider,
): Promise<MethodRow | null> {
  const [row] = await db
    .select()
    .from(companyPaymentMethods)
    .where(
      and(
        eq(companyPaymentMethods.companyId, companyId),
        eq(companyPaymentMethods.provider, provider),
      ),
    );
  return row ?? null;
}

/**
 * One change of a company's method of one provider, in a transaction with the
 * company's profile locked: changes of a company's payment methods (and its
 * 'No fui yo') take turns, each reading what the one before wrote, and
 * `onChange` hears the method as it was before and after.
 */
export async function changeMethodOf<T>(
  db: Database,
  companyId: string,
  provider: PaymentProvider,
  onChange: MethodChangeHook | undefined,
  write: (tx: Transaction, before: MethodRow | null) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockProfile(tx, companyId);
    const before = await methodOf(tx, companyId, provider);
    const result = await write(tx, before);
    if (onChange) {
      await onChange(tx, {
        companyId,
        provider,
        before,
        after: await methodOf(tx, companyId, provider),
      });
    }
    return result;
  });
}

/** A method's row as kept to be put back later: every column, secrets still sealed. */
export type MethodSnapshot = Omit<
  MethodRow,
  'connectedAt' | 'tokenExpiresAt' | 'createdAt' | 'updatedAt'
> & {
  connectedAt: string | null;
  tokenExpiresAt: string | null;
  createdAt: string;
};

export function methodSnapshot(row: MethodRow): MethodSnapshot {
  const { updatedAt: _updatedAt, ...kept } = row;
  return {
    ...kept,
    connectedAt: row.connectedAt?.toISOString() ?? null,
    tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Puts a company's method of one provider back as a snapshot kept it (with
 * its id, so its sealed secrets open again), or removes it when there was
 * none; in the caller's transaction ('No fui yo').
 */
export async function restoreMethod(
  tx: Transaction,
  companyId: string,
  provider: PaymentProvider,
  snapshot: MethodSnapshot | null,
  now: Date,
): Promise<void> {
  await tx
    .delete(companyPaymentMethods)
    .where(
      and(
        eq(companyPaymentMethods.companyId, companyId),
        eq(companyPaymentMethods.provider, provider),
      ),
    );
  if (!snapshot || snapshot.companyId !== companyId || snapshot.provider !== provider) return;
  await tx.insert(companyPaymentMethods).values({
    ...snapshot,
    connectedAt: snapshot.connectedAt ? new Date(snapshot.connectedAt) : null,
    tokenExpiresAt: snapshot.tokenExpiresAt ? new Date(snapshot.tokenExpiresAt) : null,
    createdAt: new Date(snapshot.createdAt),
    updatedAt: now,
  });
}
