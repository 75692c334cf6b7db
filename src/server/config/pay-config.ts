import type { Env } from './env-schema';

/** Per-product payment links (spec 02 §4 payment flow). */
export interface PayConfig {
  reservationMinutes: number;
  transferExpiryHours: number;
  rateLimit: number;
  /** What one order and one address may hold unpaid (nobody can hold a product's stock). */
  limits: PayLimits;
  /** The proof-of-work asked past `limits.challengeAfterUnits`. */
  challenge: { cost: number; maxAttempts: number };
  /** E-mails about a new order one recipient may receive per hour. */
  buyerMailsPerHour: number;
  /** Days an approved sale's commission is held before it can be paid out. */
  settlementHoldDays: number;
  /** The least a seller is paid in one payout, in cents. */
  payoutMinimumCents: number;
  /** Local fakes of the providers' APIs (tests, demos); always undefined in production. */
  stripeApiUrl: string | undefined;
  mercadopagoApiUrl: string | undefined;
}

export interface PayLimits {
  unitsPerOrder: number;
  heldUnitsPerProduct: number;
  heldUnitsPerAddress: number;
  challengeAfterUnits: number;
}

/** The payment-link settings (provider fakes only outside production). */
export function payConfig(env: Env, isProduction: boolean): PayConfig {
  return {
    reservationMinutes: env.PAY_RESERVATION_MINUTES,
    transferExpiryHours: env.TRANSFER_EXPIRY_HOURS,
    rateLimit: env.PAY_RATE_LIMIT,
    limits: {
      unitsPerOrder: env.PAY_MAX_UNITS_PER_ORDER,
      heldUnitsPerProduct: env.PAY_MAX_HELD_UNITS_PER_PRODUCT,
      heldUnitsPerAddress: env.PAY_MAX_HELD_UNITS_PER_ADDRESS,
      challengeAfterUnits: env.PAY_CHALLENGE_AFTER_UNITS,
    },
    challenge: { cost: env.PAY_CHALLENGE_COST, maxAttempts: env.PAY_CHALLENGE_MAX_ATTEMPTS },
    buyerMailsPerHour: env.PAY_BUYER_MAILS_PER_HOUR,
    settlementHoldDays: env.SETTLEMENT_HOLD_DAYS,
    payoutMinimumCents: env.PAYOUT_MINIMUM_CENTS,
    stripeApiUrl: isProduction ? undefined : env.STRIPE_API_URL,
    mercadopagoApiUrl: isProduction ? undefined : env.MERCADOPAGO_API_URL,
  };
}
