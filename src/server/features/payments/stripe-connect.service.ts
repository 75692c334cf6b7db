import { and, eq, isNotNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { STRIPE_CONNECT_MESSAGES } from '@shared/payments/payment-methods.schema';
import type { PayConfig, StripePlatform } from '../../config/pay-config';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { changeMethodOf, type MethodChangeHook } from './payment-method-changes';
import { companyPaymentMethods } from './payment-methods.table';
import type { MethodRow } from './payment-methods.service';
import { createStripeClient } from './stripe-client';

/**
 * A company connects a Stripe account to the platform (Stripe Connect): the
 * platform creates a Standard account for it, sends it to Stripe's onboarding
 * with an account link, and once Stripe says the account can take charges the
 * company's card payments are PaymentIntents made on that account by the
 * platform, with the order's commission as the application fee. No secret of
 * the company is kept: the platform's key acts for the account.
 *
 * Until the onboarding is finished a company that pasted its own keys keeps
 * them (the new account waits in `account_id`); one that had none gets a
 * `pending` method that takes no payments.
 */

export interface StripeConnectDeps {
  db: Database;
  pay: PayConfig;
  appUrl: string;
  now?: () => Date;
  /** Told when a connection starts or stops taking the company's card payments. */
  onChange?: MethodChangeHook | undefined;
}

function platformOf(pay: PayConfig): StripePlatform {
  if (!pay.stripeConnect) {
    throw new AppError('CONNECT_UNAVAILABLE', STRIPE_CONNECT_MESSAGES.unavailable, 404);
  }
  return pay.stripeConnect;
}

/** The platform's Stripe client (its secret key), which acts for connected accounts. */
export function platformStripe(pay: PayConfig): Stripe {
  return createStripeClient({ secretKey: platformOf(pay).secretKey, apiUrl: pay.stripeApiUrl });
}

/**
 * Where Stripe sends a company whose onboarding link ran out: its Pasarelas de
 * Pago page, which offers to continue (creating a link is a POST, never a visit).
 */
export const stripeRefreshUrl = (appUrl: string) =>
  `${appUrl}/company/payment-gateways?refresh=stripe`;
export const stripeReturnUrl = (appUrl: string) =>
  `${appUrl}/api/company/payment-methods/stripe/callback`;

const stripeMethodOf = (companyId: string) =>
  and(eq(companyPaymentMethods.companyId, companyId), eq(companyPaymentMethods.provider, 'stripe'));

async function findStripeMethod(db: Database | Transaction, companyId: string) {
  const [row] = await db.select().from(companyPaymentMethods).where(stripeMethodOf(companyId));
  return row;
}

/** Any failure to reach Stripe while connecting: the company is sent back to try again. */
const unreachable = () => new AppError('CONNECT_FAILED', STRIPE_CONNECT_MESSAGES.startFailed, 502);

/**
 * POST …/stripe/connect (the page posts again when Stripe's link ran out): the
 * company's account, made once (Stripe's idempotency key and the method's
 * unique row keep a double click to one account), and a fresh onboarding link.
 */
export async function startStripeConnect(
  deps: StripeConnectDeps,
  company: { id: string; email: string; name: string },
): Promise<string> {
  const stripe = platformStripe(deps.pay);
  const now = deps.now?.() ?? new Date();
  let accountId = (await findStripeMethod(deps.db, company.id))?.accountId ?? null;
  try {
    if (!accountId) {
      const account = await stripe.accounts.create(
        {
          type: 'standard',
          email: company.email,
          business_profile: { name: company.name },
          metadata: { company_id: company.id },
        },
        { idempotencyKey: `connect-account-${company.id}` },
      );
      accountId = await keepAccount(deps.db, company.id, account.id, now);
    }
    const link = await stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: stripeRefreshUrl(deps.appUrl),
      return_url: stripeReturnUrl(deps.appUrl),
    });
    return link.url;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreachable();
  }
}

/**
 * Keeps a new account on the company's Stripe method: beside pasted keys
 * (which keep working until the account can charge), or as a pending method.
 * Answers the account the method holds (the first one made, if two raced).
 */
async function keepAccount(
  db: Database,
  companyId: string,
  accountId: string,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(companyPaymentMethods)
      .where(stripeMethodOf(companyId))
      .for('update');
    if (current?.accountId) return current.accountId;
    if (current) {
      await tx
        .update(companyPaymentMethods)
        .set({ accountId, updatedAt: now })
        .where(eq(companyPaymentMethods.id, current.id));
      return accountId;
    }
    const [inserted] = await tx
      .insert(companyPaymentMethods)
      .values({
        companyId,
        provider: 'stripe',
        isActive: true,
        connection: 'oauth',
        accountId,
        connectionStatus: 'pending',
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ accountId: companyPaymentMethods.accountId });
    if (inserted) return accountId;
    const [raced] = await tx
      .select({ accountId: companyPaymentMethods.accountId })
      .from(companyPaymentMethods)
      .where(stripeMethodOf(companyId));
    return raced?.accountId ?? accountId;
  });
}

export type StripeConnectState = 'connected' | 'pending';

/**
 * What Stripe says of the account, written on the method: once it can take
 * charges the method becomes a connected one (pasted keys are forgotten);
 * before, a connected method waits as `pending`. A revoked connection stays
 * broken until the company connects again.
 */
async function applyAccount(
  deps: StripeConnectDeps,
  row: MethodRow,
  account: Pick<Stripe.Account, 'id' | 'charges_enabled'>,
  now: Date,
): Promise<StripeConnectState> {
  return changeMethodOf(deps.db, row.companyId, 'stripe', deps.onChange, (tx) =>
    writeAccount(tx, row, account, now),
  );
}

async function writeAccount(
  tx: Transaction,
  row: MethodRow,
  account: Pick<Stripe.Account, 'id' | 'charges_enabled'>,
  now: Date,
): Promise<StripeConnectState> {
  if (account.charges_enabled) {
    await tx
      .update(companyPaymentMethods)
      .set({
        connection: 'oauth',
        connectionStatus: 'connected',
        connectedAt: row.connection === 'oauth' && row.connectedAt ? row.connectedAt : now,
        sealedSecrets: null,
        secretHints: {},
        publicConfig: {},
        tokenExpiresAt: null,
        updatedAt: now,
      })
      .where(
        and(eq(companyPaymentMethods.id, row.id), eq(companyPaymentMethods.accountId, account.id)),
      );
    return 'connected';
  }
  if (row.connection === 'oauth' && row.connectionStatus !== 'pending') {
    await tx
      .update(companyPaymentMethods)
      .set({ connectionStatus: 'pending', updatedAt: now })
      .where(
        and(eq(companyPaymentMethods.id, row.id), eq(companyPaymentMethods.accountId, account.id)),
      );
  }
  return 'pending';
}

/**
 * GET …/stripe/callback (Stripe's return_url): the account the platform made
 * for this company is read back from Stripe; the browser brings nothing that
 * is trusted, so no state is needed.
 */
export async function finishStripeConnect(
  deps: StripeConnectDeps,
  companyId: string,
): Promise<StripeConnectState> {
  const stripe = platformStripe(deps.pay);
  const row = await findStripeMethod(deps.db, companyId);
  if (!row?.accountId) {
    throw new AppError('CONNECT_NOT_STARTED', STRIPE_CONNECT_MESSAGES.notStarted, 400);
  }
  let account: Stripe.Account;
  try {
    account = await stripe.accounts.retrieve(row.accountId);
  } catch {
    throw unreachable();
  }
  return applyAccount(deps, row, account, deps.now?.() ?? new Date());
}

/** The company whose Stripe method holds this connected account; undefined when none. */
export async function methodOfAccount(
  db: Database,
  accountId: string,
): Promise<MethodRow | undefined> {
  const [row] = await db
    .select()
    .from(companyPaymentMethods)
    .where(
      and(
        eq(companyPaymentMethods.provider, 'stripe'),
        eq(companyPaymentMethods.accountId, accountId),
      ),
    );
  return row;
}

/** `account.updated`: the account as Stripe now has it (read back, never taken from the event). */
export async function syncStripeAccount(
  deps: StripeConnectDeps,
  row: MethodRow,
): Promise<StripeConnectState> {
  const account = await platformStripe(deps.pay).accounts.retrieve(row.accountId!);
  return applyAccount(deps, row, account, deps.now?.() ?? new Date());
}

/**
 * `account.application.deauthorized`: the company removed the platform from
 * its Stripe account. Its method breaks (card payments fall back to its other
 * methods); answers whether this call broke it, so the company hears it once.
 */
export async function breakStripeConnection(
  db: Database,
  row: MethodRow,
  now: Date,
): Promise<boolean> {
  if (row.connection !== 'oauth') {
    // Onboarding never finished: the pasted keys stay, the account is forgotten.
    await db
      .update(companyPaymentMethods)
      .set({ accountId: null, updatedAt: now })
      .where(eq(companyPaymentMethods.id, row.id));
    return false;
  }
  const broken = await db
    .update(companyPaymentMethods)
    .set({ connectionStatus: 'broken', updatedAt: now })
    .where(
      and(
        eq(companyPaymentMethods.id, row.id),
        eq(companyPaymentMethods.connection, 'oauth'),
        eq(companyPaymentMethods.connectionStatus, 'connected'),
      ),
    )
    .returning({ id: companyPaymentMethods.id });
  return broken.length > 0;
}

/**
 * DELETE …/stripe/connection: the platform stops acting for the account
 * (404 when none is connected or being connected). A company that pasted keys
 * and had started connecting keeps its keys.
 */
export async function disconnectStripe(
  db: Database,
  companyId: string,
  onChange?: MethodChangeHook,
): Promise<void> {
  await changeMethodOf(db, companyId, 'stripe', onChange, async (tx) => {
    const removed = await tx
      .delete(companyPaymentMethods)
      .where(and(stripeMethodOf(companyId), eq(companyPaymentMethods.connection, 'oauth')))
      .returning({ id: companyPaymentMethods.id });
    if (removed.length > 0) return;
    const cleared = await tx
      .update(companyPaymentMethods)
      .set({ accountId: null, updatedAt: new Date() })
      .where(
        and(
          stripeMethodOf(companyId),
          eq(companyPaymentMethods.connection, 'token'),
          isNotNull(companyPaymentMethods.accountId),
        ),
      )
      .returning({ accountId: companyPaymentMethods.accountId });
    if (cleared.length === 0) throw AppError.notFound(STRIPE_CONNECT_MESSAGES.notConnected);
  });
}
