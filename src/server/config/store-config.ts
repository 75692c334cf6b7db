import type { Env } from './env-schema';

export interface StoreConfig {
  id: string;
  reservationMinutes: number;
  transferHoldHours: number;
  checkoutRateLimit: number;
  /** What one order and one address may hold reserved (nobody can reserve the shop empty). */
  limits: { unitsPerItem: number; unitsPerOrder: number; heldUnitsPerAddress: number };
  /** Set when the platform's Stripe keys are configured. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** Set when the platform's bank details are known (always in development). */
  bank: { name: string; holder: string; cbu: string; alias: string; cuit: string } | undefined;
}

/**
 * The platform's demo account: valid check digits, and none of the demo
 * company's (pay-demo.seeder), so a demo never shows one account as both.
 */
export const DEMO_PLATFORM_BANK = {
  name: 'Banco Santander Argentina',
  holder: 'VendeMás S.A.',
  cbu: '0720001400000045678918',
  alias: 'VENDEMAS.PAGOS',
  cuit: '30-71642089-9',
};

/** The storefront settings; outside production, missing bank details are the demo account's. */
export function storeConfig(env: Env, isProduction: boolean): StoreConfig {
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: isProduction ? undefined : env.STRIPE_API_URL,
        }
      : undefined;
  const given = {
    name: env.PLATFORM_BANK_NAME,
    holder: env.PLATFORM_BANK_HOLDER,
    cbu: env.PLATFORM_BANK_CBU,
    alias: env.PLATFORM_BANK_ALIAS,
    cuit: env.PLATFORM_BANK_CUIT,
  };
  const complete = Object.values(given).every(Boolean);
  const bank = complete
    ? (given as StoreConfig['bank'])
    : isProduction
      ? undefined
      : {
          ...DEMO_PLATFORM_BANK,
          ...Object.fromEntries(Object.entries(given).filter(([, v]) => v)),
        };
  return {
    id: env.STORE_ID,
    reservationMinutes: env.STORE_RESERVATION_MINUTES,
    transferHoldHours: env.STORE_TRANSFER_HOLD_HOURS,
    checkoutRateLimit: env.STORE_CHECKOUT_RATE_LIMIT,
    limits: {
      unitsPerItem: env.STORE_MAX_UNITS_PER_ITEM,
      unitsPerOrder: env.STORE_MAX_UNITS_PER_ORDER,
      heldUnitsPerAddress: env.STORE_MAX_HELD_UNITS_PER_ADDRESS,
    },
    stripe,
    bank,
  };
}
