import { createHmac } from 'node:crypto';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Solution,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { PayChallenge } from '@shared/orders/orders.schema';
import type { Database, Transaction } from '../../db/client';
import { payChallengeUses } from './pay-challenges.table';

/**
 * The proof-of-work a client must solve for each payment-link order once it
 * holds many units unpaid (PAY_CHALLENGE_AFTER_UNITS): an ALTCHA challenge
 * (altcha-lib's v2 format, which the `altcha` 3 widget solves) made and
 * checked here, with nothing external. A real buyer's browser spends a second
 * or two; a script placing orders in bulk pays that for every order. Each
 * challenge is made for one client (its key, lib/client-key.ts) and solves
 * orders from that client only: a farm cannot solve for rotated addresses.
 */

/** How long a challenge may be solved and used: the widget solves it at once. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const ALGORITHM = 'PBKDF2/SHA-256';

export interface ChallengeSettings {
  appSecret: string;
  /** PBKDF2 iterations per attempt, and the most attempts a solution may need. */
  cost: number;
  maxAttempts: number;
}

/** Keys derived from APP_SECRET for this use only. */
function secrets(appSecret: string) {
  const derive = (label: string) =>
    createHmac('sha256', appSecret).update(`pay-challenge:${label}`).digest('hex');
  return { signature: derive('signature'), key: derive('key'), client: derive('client') };
}

/**
 * The client a challenge is made for, as its signed parameters carry it: a
 * keyed hash of the client key, so the challenge tells nobody who asked.
 */
function clientBinding(appSecret: string, clientKey: string): string {
  return createHmac('sha256', secrets(appSecret).client)
    .update(clientKey)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * A challenge for orders of one product by one client. The answer is a random
 * attempt number between a quarter of `maxAttempts` and `maxAttempts`, so the
 * work is never trivial; the server signs the key it leads to (and every
 * parameter, the product and the client included), and checks a solution
 * with one HMAC instead of repeating the work.
 */
export async function createPayChallenge(
  settings: ChallengeSettings,
  productId: string,
  clientKey: string,
  now: Date,
): Promise<PayChallenge> {
  const keys = secrets(settings.appSecret);
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: settings.cost,
    counter: randomInt(settings.maxAttempts, Math.ceil(settings.maxAttempts / 4)),
    deriveKey,
    data: { product: productId, client: clientBinding(settings.appSecret, clientKey) },
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.key,
  });
  if (!challenge.signature) throw new Error('altcha-lib answered an unsigned challenge');
  return { parameters: { ...challenge.parameters }, signature: challenge.signature };
}

/** A solution this server can vouch for: its challenge's nonce and when that challenge expires. */
export interface SolvedChallenge {
  nonce: string;
  expiresAt: Date;
}

/** A valid solution of a challenge made for another client (another address or /64). */
export const OTHER_CLIENT = 'other-client';

/**
 * Checks the widget's payload (base64 of `{ challenge, solution }`): signed by
 * us, not expired, made for this product, solved; and made for this client,
 * else `OTHER_CLIENT`. Anything else, including a payload that is not even
 * JSON, is `null`.
 */
export async function verifyPayChallenge(
  settings: Pick<ChallengeSettings, 'appSecret'>,
  payload: string,
  productId: string,
  clientKey: string,
): Promise<SolvedChallenge | typeof OTHER_CLIENT | null> {
  let parsed: { challenge?: Challenge; solution?: Solution };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof parsed;
  } catch {
    return null;
  }
  const { challenge, solution } = parsed ?? {};
  const parameters = challenge?.parameters;
  if (
    !challenge ||
    !solution ||
    typeof parameters !== 'object' ||
    parameters === null ||
    parameters.algorithm !== ALGORITHM ||
    parameters.data?.product !== productId ||
    typeof parameters.data.client !== 'string' ||
    typeof parameters.nonce !== 'string' ||
    typeof parameters.expiresAt !== 'number'
  ) {
    return null;
  }
  const keys = secrets(settings.appSecret);
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.key,
    });
    if (!result.verified) return null;
  } catch {
    // A malformed solution (a counter out of range, a key that is not hex) is no solution.
    return null;
  }
  // Signed, so the binding is ours: a solution is worth something only to the client it was made for.
  if (parameters.data.client !== clientBinding(settings.appSecret, clientKey)) return OTHER_CLIENT;
  return { nonce: parameters.nonce, expiresAt: new Date(parameters.expiresAt * 1000) };
}

/**
 * Records a solution as used, in the order's transaction: true the first time.
 * Two orders with the same solution at once queue on the nonce's unique key
 * and the second finds it taken; a refused order rolls its use back.
 */
export async function spendChallenge(tx: Transaction, solved: SolvedChallenge): Promise<boolean> {
  const inserted = await tx
    .insert(payChallengeUses)
    .values({ nonce: solved.nonce, expiresAt: solved.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: payChallengeUses.nonce });
  return inserted.length === 1;
}

/** Forgets solutions whose challenges have expired (they would be refused as expired anyway). */
export async function forgetExpiredChallenges(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(payChallengeUses)
    .where(lt(payChallengeUses.expiresAt, now))
    .returning({ nonce: payChallengeUses.nonce });
  return deleted.length;
}
