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
  /** Hours a seller's payouts wait after they replace their payout details. */
  payoutDetailsHoldHours: number;
  /** Local fakes of the providers' APIs (tests, demos); always undefined in production. */
  stripeApiUrl: string | undefined;
  mercadopagoApiUrl: string | undefined;
  /** The platform's MercadoPago application, when companies may connect their accounts. */
  mercadopagoApp: MercadoPagoApp | undefined;
  /** The platform's Stripe account, when companies may connect theirs (Stripe Connect). */
  stripeConnect: StripePlatform | undefined;
}

export interface StripePlatform {
  secretKey: string;
  /** Stripe.js on the pay page loads with it, acting for the company's connected account. */
  publishableKey: string;
  /** Signs the events of connected accounts (the platform's Connect endpoint). */
  webhookSecret: string | undefined;
}

export interface MercadoPagoApp {
  clientId: string;
  clientSecret: string;
  /** Signs the notifications of connected accounts' payments. */
  webhookSecret: string | undefined;
  /** The authorization page's origin (MercadoPago's, or a local fake outside production). */
  authUrl: string;
}

export const MERCADOPAGO_AUTH = 'https://auth.mercadopago.com';

export interface PayLimits {
  unitsPerOrder: number;
  heldUnitsPerProduct: number;
  heldUnitsPerAddress: number;
  challengeAfterUnits: number;
  /** The share of a product's stock unpaid orders may hold without a proof of work (basis points). */
  unpaidShareBps: number;
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
      unpaidShareBps: env.PAY_MAX_UNPAID_SHARE_BPS,
    },
    challenge: { cost: env.PAY_CHALLENGE_COST, maxAttempts: env.PAY_CHALLENGE_MAX_ATTEMPTS },
    buyerMailsPerHour: env.PAY_BUYER_MAILS_PER_HOUR,
    settlementHoldDays: env.SETTLEMENT_HOLD_DAYS,
    payoutMinimumCents: env.PAYOUT_MINIMUM_CENTS,
    payoutDetailsHoldHours: env.PAYOUT_DETAILS_HOLD_HOURS,
    stripeApiUrl: isProduction ? undefined : env.STRIPE_API_URL,
    mercadopagoApiUrl: isProduction ? undefined : env.MERCADOPAGO_API_URL,
    mercadopagoApp:
      env.MERCADOPAGO_CLIENT_ID && env.MERCADOPAGO_CLIENT_SECRET
        ? {
            clientId: env.MERCADOPAGO_CLIENT_ID,
            clientSecret: env.MERCADOPAGO_CLIENT_SECRET,
            webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
            authUrl: (isProduction ? undefined : env.MERCADOPAGO_AUTH_URL) ?? MERCADOPAGO_AUTH,
          }
        : undefined,
    stripeConnect:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
          }
        : undefined,
  };
}
