import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { formatCuit } from '@shared/bank-data';
import {
  PAYMENT_CONFIG_UPDATE,
  PAYMENT_METHOD_MESSAGES,
  SECRET_FIELDS,
  type CreatePaymentMethodBody,
  type PaymentMethod,
  type PaymentMethodConfig,
  type PaymentProvider,
  type UpdatePaymentMethodBody,
} from '@shared/payments/payment-methods.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { changeMethodOf, type MethodChangeHook } from './payment-method-changes';
import { companyPaymentMethods } from './payment-methods.table';
import type { CompanyScope } from '../../lib/scope';

export type MethodRow = typeof companyPaymentMethods.$inferSelect;

export interface PaymentMethodDeps {
  db: Database;
  secretBox: SecretBox;
  appUrl: string;
  /** The platform's MercadoPago application is configured: companies may connect their account. */
  mercadopagoConnect?: boolean;
  /** The platform's Stripe Connect keys are configured: companies may connect their account. */
  stripeConnect?: boolean;
  /** Told of each change of where the company's money goes. */
  onChange?: MethodChangeHook | undefined;
}

const HINT_NAMES: Record<string, 'access_token' | 'secret_key' | 'webhook_secret'> = {
  accessToken: 'access_token',
  secretKey: 'secret_key',
  webhookSecret: 'webhook_secret',
};

export const sealContext = (id: string) => `payment-method:${id}`;

/** Splits a config into what may be shown and what must be sealed (empty values dropped). */
function splitConfig(provider: PaymentProvider, config: Record<string, unknown>) {
  const secrets: Record<string, string> = {};
  const visible: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (typeof value !== 'string' || value === '') continue;
    if (SECRET_FIELDS[provider].includes(key)) secrets[key] = value;
    else visible[key] = value;
  }
  return { secrets, visible };
}

function hintsOf(secrets: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).map(([key, value]) => [key, value.slice(-4)]));
}

export function webhookUrl(
  appUrl: string,
  provider: PaymentProvider,
  companyId: string,
): string | null {
  return provider === 'transferencia' ? null : `${appUrl}/api/webhooks/${provider}/${companyId}`;
}

/**
 * A method's public config as every screen and e-mail shows it: the CUIT with
 * its dashes, also when it was saved before they were added on input.
 */
function shownConfig(row: MethodRow): Record<string, string> {
  const config = { ...row.publicConfig };
  if (config.cuit) config.cuit = formatCuit(config.cuit);
  return config;
}

export function toPaymentMethodDto(row: MethodRow, appUrl: string): PaymentMethod {
  const config: PaymentMethodConfig = shownConfig(row);
  for (const field of SECRET_FIELDS[row.provider]) {
    const name = HINT_NAMES[field];
    if (!name) continue;
    const last4 = row.secretHints[field] ?? null;
    config[`has_${name}`] = last4 !== null;
    config[`${name}_last4`] = last4;
  }
  return {
    id: row.id,
    provider: row.provider,
    is_active: row.isActive,
    config,
    webhook_url: webhookUrl(appUrl, row.provider, row.companyId),
    connection: row.connection,
    collector_id: row.connection === 'oauth' ? row.accountId : null,
    connected_at: row.connectedAt?.toISOString() ?? null,
    status: row.connection === 'oauth' ? (row.connectionStatus ?? 'connected') : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function findOwnMethod(db: Database, scope: CompanyScope, id: string): Promise<MethodRow> {
  const [row] = await db
    .select()
    .from(companyPaymentMethods)
    .where(and(eq(companyPaymentMethods.id, id), eq(companyPaymentMethods.companyId, scope.id)));
  if (!row) throw AppError.notFound(PAYMENT_METHOD_MESSAGES.notFound);
  return row;
}

export async function listPaymentMethods(
  deps: PaymentMethodDeps,
  scope: CompanyScope,
): Promise<{ items: PaymentMethod[]; connect: { mercadopago: boolean; stripe: boolean } }> {
  const rows = await deps.db
    .select()
    .from(companyPaymentMethods)
    .where(eq(companyPaymentMethods.companyId, scope.id))
    .orderBy(asc(companyPaymentMethods.createdAt));
  return {
    items: rows.map((row) => toPaymentMethodDto(row, deps.appUrl)),
    connect: {
      mercadopago: deps.mercadopagoConnect ?? false,
      stripe: deps.stripeConnect ?? false,
    },
  };
}

export async function getPaymentMethod(
  deps: PaymentMethodDeps,
  scope: CompanyScope,
  id: string,
): Promise<PaymentMethod> {
  return toPaymentMethodDto(await findOwnMethod(deps.db, scope, id), deps.appUrl);
}

/** POST: one method per provider and company (409 for a second one). */
export async function createPaymentMethod(
  deps: PaymentMethodDeps,
  scope: CompanyScope,
  input: CreatePaymentMethodBody,
): Promise<PaymentMethod> {
  const id = randomUUID();
  const { secrets, visible } = splitConfig(input.provider, input.config);
  return changeMethodOf(deps.db, scope.id, input.provider, deps.onChange, async (tx) => {
    const [row] = await tx
      .insert(companyPaymentMethods)
      .values({
        id,
        companyId: scope.id,
        provider: input.provider,
        isActive: input.is_active ?? true,
        publicConfig: visible,
        sealedSecrets: Object.keys(secrets).length
          ? deps.secretBox.seal(JSON.stringify(secrets), sealContext(id))
          : null,
        secretHints: hintsOf(secrets),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError(
        'PROVIDER_ALREADY_CONFIGURED',
        PAYMENT_METHOD_MESSAGES.alreadyConfigured,
        409,
      );
    }
    return toPaymentMethodDto(row, deps.appUrl);
  });
}

/** The stored secrets of a method, opened (for calling the provider; never for answers). */
export function openSecrets(secretBox: SecretBox, row: MethodRow): Record<string, string> {
  return row.sealedSecrets
    ? (JSON.parse(secretBox.open(row.sealedSecrets, sealContext(row.id))) as Record<string, string>)
    : {};
}

/**
 * PATCH: public fields replaced, secrets replaced only when a new value is
 * given (left out or empty keeps the stored one), is_active toggled.
 */
export async function updatePaymentMethod(
  deps: PaymentMethodDeps,
  scope: CompanyScope,
  id: string,
  input: UpdatePaymentMethodBody,
): Promise<PaymentMethod> {
  const { provider } = await findOwnMethod(deps.db, scope, id);
  return changeMethodOf(deps.db, scope.id, provider, deps.onChange, async (tx, current) => {
    // Read again under the company's lock: another change may have come first.
    if (!current || current.id !== id) throw AppError.notFound(PAYMENT_METHOD_MESSAGES.notFound);
    const changes = input.config ? configChanges(deps.secretBox, current, input.config) : {};
    const [row] = await tx
      .update(companyPaymentMethods)
      .set({
        ...changes,
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(companyPaymentMethods.id, id), eq(companyPaymentMethods.companyId, scope.id)))
      .returning();
    if (!row) throw AppError.notFound(PAYMENT_METHOD_MESSAGES.notFound);
    return toPaymentMethodDto(row, deps.appUrl);
  });
}

/**
 * A PATCH's config: public fields replaced, secrets replaced only when a new
 * value is given (left out or empty keeps the stored one).
 */
function configChanges(
  secretBox: SecretBox,
  current: MethodRow,
  config: NonNullable<UpdatePaymentMethodBody['config']>,
): Partial<typeof companyPaymentMethods.$inferInsert> {
  if (current.connection === 'oauth') {
    // A connected account's credentials are the provider's to give: disconnect to paste keys.
    throw AppError.conflict(
      current.provider === 'stripe'
        ? PAYMENT_METHOD_MESSAGES.stripeConnectedNotEditable
        : PAYMENT_METHOD_MESSAGES.connectedNotEditable,
    );
  }
  const parsed = PAYMENT_CONFIG_UPDATE[current.provider].safeParse(config);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fields[`config.${issue.path.join('.')}`] ??= issue.message;
    }
    const first = parsed.error.issues[0]?.message ?? PAYMENT_METHOD_MESSAGES.notFound;
    throw AppError.validation(first, fields);
  }
  const { secrets, visible } = splitConfig(current.provider, parsed.data);
  const kept = { ...openSecrets(secretBox, current), ...secrets };
  const publicConfig = { ...current.publicConfig, ...visible };
  // Optional public fields sent empty are cleared.
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value === '' && !SECRET_FIELDS[current.provider].includes(key)) delete publicConfig[key];
  }
  return {
    publicConfig,
    sealedSecrets: Object.keys(kept).length
      ? secretBox.seal(JSON.stringify(kept), sealContext(current.id))
      : null,
    secretHints: hintsOf(kept),
  };
}

export async function deletePaymentMethod(
  deps: PaymentMethodDeps,
  scope: CompanyScope,
  id: string,
): Promise<void> {
  const { provider } = await findOwnMethod(deps.db, scope, id);
  await changeMethodOf(deps.db, scope.id, provider, deps.onChange, async (tx) => {
    const [row] = await tx
      .delete(companyPaymentMethods)
      .where(and(eq(companyPaymentMethods.id, id), eq(companyPaymentMethods.companyId, scope.id)))
      .returning({ id: companyPaymentMethods.id });
    if (!row) throw AppError.notFound(PAYMENT_METHOD_MESSAGES.notFound);
  });
}

/** A company's method as the payment flow uses it: public config and opened secrets. */
export interface ActiveMethod {
  id: string;
  provider: PaymentProvider;
  isActive: boolean;
  /** `oauth`: the company's account is connected to the platform's application. */
  connection: 'token' | 'oauth';
  /** A connection the provider refused to renew: it cannot take payments. */
  broken: boolean;
  /** The connected account at the provider (Stripe's acct_…, MercadoPago's user id). */
  accountId: string | null;
  /** Whether a connected account may take payments now (`pending`: onboarding unfinished). */
  connectionStatus: 'connected' | 'pending' | 'broken' | null;
  tokenExpiresAt: Date | null;
  config: Record<string, string>;
  secrets: Record<string, string>;
}

/** The company's active methods, in the order they were added (no secrets opened). */
export async function activeMethodsOf(
  db: Database,
  companyId: string,
): Promise<{ provider: PaymentProvider; config: Record<string, string> }[]> {
  const rows = await db
    .select()
    .from(companyPaymentMethods)
    .where(
      and(
        eq(companyPaymentMethods.companyId, companyId),
        eq(companyPaymentMethods.isActive, true),
        // A broken or unfinished connection takes no payments: the buyer sees the company's other methods.
        or(
          isNull(companyPaymentMethods.connectionStatus),
          eq(companyPaymentMethods.connectionStatus, 'connected'),
        ),
      ),
    )
    .orderBy(asc(companyPaymentMethods.createdAt));
  return rows.map((row) => ({ provider: row.provider, config: shownConfig(row) }));
}

/**
 * One provider's method of a company with its secrets opened, to call the
 * provider or verify its webhooks; null when the company has none.
 */
export async function methodWithSecrets(
  db: Database,
  secretBox: SecretBox,
  companyId: string,
  provider: PaymentProvider,
): Promise<ActiveMethod | null> {
  const [row] = await db
    .select()
    .from(companyPaymentMethods)
    .where(
      and(
        eq(companyPaymentMethods.companyId, companyId),
        eq(companyPaymentMethods.provider, provider),
      ),
    );
  if (!row) return null;
  return activeMethod(secretBox, row);
}

/** A method row as the payment flow uses it, its secrets opened. */
export function activeMethod(secretBox: SecretBox, row: MethodRow): ActiveMethod {
  return {
    id: row.id,
    provider: row.provider,
    isActive: row.isActive,
    connection: row.connection,
    broken: row.connectionStatus === 'broken',
    accountId: row.accountId,
    connectionStatus: row.connectionStatus,
    tokenExpiresAt: row.tokenExpiresAt,
    config: shownConfig(row),
    secrets: openSecrets(secretBox, row),
  };
}
