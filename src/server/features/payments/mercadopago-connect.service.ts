import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { MERCADOPAGO_CONNECT_MESSAGES } from '@shared/payments/payment-methods.schema';
import type { MercadoPagoApp, PayConfig } from '../../config/pay-config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import {
  MercadoPagoGrantRefused,
  requestMercadoPagoTokens,
  type MercadoPagoTokens,
} from './mercadopago';
import {
  activeMethod,
  openSecrets,
  sealContext,
  type ActiveMethod,
  type MethodRow,
} from './payment-methods.service';
import { changeMethodOf, type MethodChangeHook } from './payment-method-changes';
import { companyPaymentMethods, oauthStates } from './payment-methods.table';

/**
 * A company connects its MercadoPago account to the platform's application
 * (OAuth, marketplace mode): the platform then creates its preferences with
 * the company's delegated token and keeps its commission as `marketplace_fee`.
 * The tokens are sealed like every other secret; the access token lasts six
 * months and is renewed well before (`RENEW_BEFORE_MS`) with the refresh token.
 */

export interface ConnectDeps {
  db: Database;
  secretBox: SecretBox;
  pay: PayConfig;
  appUrl: string;
  now?: () => Date;
  /** Told of each connection made or removed (where the company's money goes). */
  onChange?: MethodChangeHook | undefined;
}

/** How long a started connection may take to come back (MercadoPago's code lasts 10 minutes). */
const STATE_TTL_MS = 10 * 60_000;
/** Renewed this long before the token runs out (MercadoPago suggests at five of its six months). */
export const RENEW_BEFORE_MS = 30 * 86_400_000;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

function appOf(pay: PayConfig): MercadoPagoApp {
  if (!pay.mercadopagoApp) {
    throw new AppError('CONNECT_UNAVAILABLE', MERCADOPAGO_CONNECT_MESSAGES.unavailable, 404);
  }
  return pay.mercadopagoApp;
}

/** Asks MercadoPago's OAuth for tokens with the platform application's credentials. */
function askForTokens(
  deps: ConnectDeps,
  app: MercadoPagoApp,
  grant: Parameters<typeof requestMercadoPagoTokens>[1],
): Promise<MercadoPagoTokens> {
  return requestMercadoPagoTokens(
    { apiUrl: deps.pay.mercadopagoApiUrl, clientId: app.clientId, clientSecret: app.clientSecret },
    grant,
  );
}

/** A connection's tokens as the method row keeps them: sealed, with a hint and their expiry. */
function tokenColumns(deps: ConnectDeps, methodId: string, tokens: MercadoPagoTokens, now: Date) {
  const secrets = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  return {
    sealedSecrets: deps.secretBox.seal(JSON.stringify(secrets), sealContext(methodId)),
    secretHints: { accessToken: tokens.accessToken.slice(-4) },
    tokenExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
  };
}

export function mercadoPagoRedirectUri(appUrl: string): string {
  return `${appUrl}/api/company/payment-methods/mercadopago/callback`;
}

/**
 * GET …/mercadopago/connect: a single-use state bound to this company, kept
 * hashed for ten minutes, and the authorization page's address to send the
 * company to.
 */
export async function startMercadoPagoConnect(
  deps: ConnectDeps,
  companyId: string,
): Promise<string> {
  const app = appOf(deps.pay);
  const now = deps.now?.() ?? new Date();
  const state = randomBytes(32).toString('base64url');
  // States nobody came back with are forgotten a day after they ran out.
  await deps.db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, new Date(now.getTime() - 86_400_000)));
  await deps.db.insert(oauthStates).values({
    stateHash: hashState(state),
    companyId,
    provider: 'mercadopago',
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const url = new URL('/authorization', app.authUrl);
  url.search = new URLSearchParams({
    client_id: app.clientId,
    response_type: 'code',
    platform_id: 'mp',
    state,
    redirect_uri: mercadoPagoRedirectUri(deps.appUrl),
  }).toString();
  return url.toString();
}

/**
 * GET …/mercadopago/callback: the state is spent (once, by the company that
 * made it, before it ran out: anything else is a 400 and stores nothing), the
 * code exchanged for the company's tokens, and the method stored connected.
 */
export async function finishMercadoPagoConnect(
  deps: ConnectDeps,
  companyId: string,
  input: { code: string; state: string },
): Promise<void> {
  const app = appOf(deps.pay);
  const now = deps.now?.() ?? new Date();
  const spent = await deps.db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, hashState(input.state)),
        eq(oauthStates.companyId, companyId),
        eq(oauthStates.provider, 'mercadopago'),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({ stateHash: oauthStates.stateHash });
  if (spent.length === 0) {
    throw new AppError('OAUTH_STATE_INVALID', MERCADOPAGO_CONNECT_MESSAGES.stateInvalid, 400);
  }
  let tokens: MercadoPagoTokens;
  try {
    tokens = await askForTokens(deps, app, {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: mercadoPagoRedirectUri(deps.appUrl),
    });
  } catch {
    throw new AppError('CONNECT_FAILED', MERCADOPAGO_CONNECT_MESSAGES.exchangeFailed, 502);
  }
  await storeConnection(deps, companyId, tokens, now);
}

/** The company's MercadoPago method, connected: a token pasted by hand is replaced. */
async function storeConnection(
  deps: ConnectDeps,
  companyId: string,
  tokens: MercadoPagoTokens,
  now: Date,
): Promise<void> {
  await changeMethodOf(deps.db, companyId, 'mercadopago', deps.onChange, async (tx) => {
    const [current] = await tx
      .select({ id: companyPaymentMethods.id })
      .from(companyPaymentMethods)
      .where(
        and(
          eq(companyPaymentMethods.companyId, companyId),
          eq(companyPaymentMethods.provider, 'mercadopago'),
        ),
      )
      .for('update');
    const id = current?.id ?? randomUUID();
    const values = {
      ...tokenColumns(deps, id, tokens, now),
      isActive: true,
      publicConfig: (tokens.publicKey ? { publicKey: tokens.publicKey } : {}) as Record<
        string,
        string
      >,
      connection: 'oauth' as const,
      accountId: tokens.userId,
      connectedAt: now,
      connectionStatus: 'connected' as const,
      updatedAt: now,
    };
    if (current) {
      await tx.update(companyPaymentMethods).set(values).where(eq(companyPaymentMethods.id, id));
    } else {
      await tx
        .insert(companyPaymentMethods)
        .values({ id, companyId, provider: 'mercadopago', ...values });
    }
  });
}

/** DELETE …/mercadopago/connection: the tokens are forgotten with the method (404 when not connected). */
export async function disconnectMercadoPago(deps: ConnectDeps, companyId: string): Promise<void> {
  await changeMethodOf(deps.db, companyId, 'mercadopago', deps.onChange, async (tx) => {
    const removed = await tx
      .delete(companyPaymentMethods)
      .where(
        and(
          eq(companyPaymentMethods.companyId, companyId),
          eq(companyPaymentMethods.provider, 'mercadopago'),
          eq(companyPaymentMethods.connection, 'oauth'),
        ),
      )
      .returning({ id: companyPaymentMethods.id });
    if (removed.length === 0) {
      throw AppError.notFound(MERCADOPAGO_CONNECT_MESSAGES.notConnected);
    }
  });
}

export type RenewResult =
  | { kind: 'fresh'; method: ActiveMethod }
  | { kind: 'renewed'; method: ActiveMethod }
  /** MercadoPago refused the refresh token now: the connection is marked broken (once). */
  | { kind: 'broke'; method: ActiveMethod; companyId: string }
  | { kind: 'broken'; method: ActiveMethod };

/**
 * A connected method whose token runs out within RENEW_BEFORE_MS is renewed
 * with its refresh token, under the method's row lock, so two instances never
 * spend the same refresh token. `invalid_grant` marks the connection broken.
 * Any other failure leaves it as it is (the token still works until it runs out).
 */
export async function renewIfDue(deps: ConnectDeps, methodId: string): Promise<RenewResult | null> {
  const now = deps.now?.() ?? new Date();
  const app = deps.pay.mercadopagoApp;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(companyPaymentMethods)
      .where(eq(companyPaymentMethods.id, methodId))
      .for('update');
    if (!row) return null;
    const method = activeMethod(deps.secretBox, row);
    if (row.connection !== 'oauth') return { kind: 'fresh', method };
    if (row.connectionStatus === 'broken') return { kind: 'broken', method };
    const due =
      !row.tokenExpiresAt || row.tokenExpiresAt.getTime() - now.getTime() < RENEW_BEFORE_MS;
    const refreshToken = openSecrets(deps.secretBox, row).refreshToken;
    if (!due || !app || !refreshToken) return { kind: 'fresh', method };
    let tokens: MercadoPagoTokens;
    try {
      tokens = await askForTokens(deps, app, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
    } catch (error) {
      if (!(error instanceof MercadoPagoGrantRefused)) return { kind: 'fresh', method };
      const [broken] = await tx
        .update(companyPaymentMethods)
        .set({ connectionStatus: 'broken', updatedAt: now })
        .where(eq(companyPaymentMethods.id, row.id))
        .returning();
      return {
        kind: 'broke',
        method: activeMethod(deps.secretBox, broken ?? row),
        companyId: row.companyId,
      };
    }
    const [renewed] = await tx
      .update(companyPaymentMethods)
      .set({ ...tokenColumns(deps, row.id, tokens, now), updatedAt: now })
      .where(eq(companyPaymentMethods.id, row.id))
      .returning();
    return { kind: 'renewed', method: activeMethod(deps.secretBox, renewed as MethodRow) };
  });
}

/** Connected methods whose token runs out within RENEW_BEFORE_MS (for the renewal sweep). */
export async function connectionsDue(deps: ConnectDeps, limit = 100): Promise<string[]> {
  const now = deps.now?.() ?? new Date();
  const rows = await deps.db
    .select({ id: companyPaymentMethods.id })
    .from(companyPaymentMethods)
    .where(
      and(
        eq(companyPaymentMethods.connection, 'oauth'),
        eq(companyPaymentMethods.connectionStatus, 'connected'),
        lt(companyPaymentMethods.tokenExpiresAt, new Date(now.getTime() + RENEW_BEFORE_MS)),
      ),
    )
    .orderBy(sql`${companyPaymentMethods.tokenExpiresAt}`)
    .limit(limit);
  return rows.map((row) => row.id);
}
