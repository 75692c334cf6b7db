import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { formatCuit, isValidAlias, isValidCbu, isValidCuit, normalizeCbu } from '@shared/bank-data';
import { BRAND } from '@shared/brand';
import { PAY_QUANTITY_CEILING } from '@shared/orders/orders.schema';
import type { RuntimeConfig } from '@shared/runtime-config.schema';
import type { S3StorageOptions } from '../lib/storage/s3';

/**
 * The only reader of process.env. Every variable is listed in .env.example and
 * the README. Development gets working defaults; production must say what it needs.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    /** Unset: loopback outside production (the local inbox stays on this machine), every interface in production. */
    HOST: z.string().min(1).optional(),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().min(1).optional(),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    /** Former APP_SECRET values (comma-separated) whose sealed secrets must still open after a rotation. */
    APP_SECRET_PREVIOUS: z.string().min(1).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Unset: seed demo data outside production only. */
    SEED: booleanFlag.optional(),
    REDIS_URL: z.string().min(1).optional(),
    /** Storefront identifier in /api/store/:storeId (spec 01 §7). */
    STORE_ID: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .default('vendemas'),
    /** Minutes a checkout keeps its stock reserved while unpaid. */
    STORE_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    /** Hours a bank-transfer order keeps its units while the transfer is awaited (as payment links do). */
    STORE_TRANSFER_HOLD_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    /** Reservation caps: units of one item per order, units per order, units one address may hold reserved. */
    STORE_MAX_UNITS_PER_ITEM: z.coerce.number().int().min(1).max(100_000).default(10),
    STORE_MAX_UNITS_PER_ORDER: z.coerce.number().int().min(1).max(100_000).default(30),
    STORE_MAX_HELD_UNITS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** Checkouts per minute one address may open (each one reserves stock). */
    STORE_CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** Platform Stripe account; when both are set the hosted checkout takes cards through Stripe Checkout. */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Base URL of a local fake of Stripe's API, for tests; ignored in production. */
    STRIPE_API_URL: z.url().optional(),
    /** Base URL of a local fake of MercadoPago's API, for tests and demos; ignored in production. */
    MERCADOPAGO_API_URL: z.url().optional(),
    /** Minutes a payment-link order keeps its units while the card or MercadoPago payment is made. */
    PAY_RESERVATION_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
    /** Hours a payment-link transfer order keeps its units while the transfer is awaited. */
    TRANSFER_EXPIRY_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    /** Units one payment-link order may take (the pay page offers up to this many). */
    PAY_MAX_UNITS_PER_ORDER: z.coerce.number().int().min(1).max(PAY_QUANTITY_CEILING).default(10),
    /** Units of one product one address (an IPv6 /64) may hold in unpaid payment-link orders. */
    PAY_MAX_HELD_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(1_000_000).default(30),
    /** Units of all products one address may hold in unpaid payment-link orders. */
    PAY_MAX_HELD_UNITS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** Past this many units held unpaid, an address must solve a proof-of-work challenge per order. */
    PAY_CHALLENGE_AFTER_UNITS: z.coerce.number().int().min(0).max(1_000_000).default(10),
    /** PBKDF2 iterations of each attempt at a challenge, and the most attempts one may need. */
    PAY_CHALLENGE_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    PAY_CHALLENGE_MAX_ATTEMPTS: z.coerce.number().int().min(4).max(10_000_000).default(5000),
    /** E-mails about a new order one recipient address may receive per hour (more orders still work). */
    PAY_BUYER_MAILS_PER_HOUR: z.coerce.number().int().min(0).max(1000).default(5),
    /** Days after an approval before the seller's commission can be paid out (refunds inside never reach a payout). */
    SETTLEMENT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
    /** The least a seller is paid in one payout, in cents ($ 5.000); less waits for the next. */
    PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(1).max(100_000_000_00).default(500_000),
    /** How often each instance sends the e-mails waiting in the outbox (0: never; tests drain it by hand). */
    OUTBOX_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
    /** Attempts before an e-mail is marked failed (30 s, 1 min, 2 min… up to 1 h apart). */
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    /** Payment-link orders per minute one address may open (each one holds stock). */
    PAY_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Platform bank account for transfers (demo values in development). */
    PLATFORM_BANK_NAME: z.string().min(1).optional(),
    PLATFORM_BANK_HOLDER: z.string().min(1).optional(),
    PLATFORM_BANK_CBU: z
      .string()
      .refine(isValidCbu, 'PLATFORM_BANK_CBU must have 22 digits with valid check digits')
      .transform(normalizeCbu)
      .optional(),
    PLATFORM_BANK_ALIAS: z
      .string()
      .refine(
        isValidAlias,
        'PLATFORM_BANK_ALIAS must have 6 to 20 letters, digits, dots or hyphens',
      )
      .optional(),
    PLATFORM_BANK_CUIT: z
      .string()
      .refine(isValidCuit, 'PLATFORM_BANK_CUIT must have 11 digits with a valid check digit')
      .transform(formatCuit)
      .optional(),
    /**
     * Proxies in front of the app whose X-Forwarded-For entries count: `true` for
     * one (a load balancer), a number of hops, or their addresses/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((value, context) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          context.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    /** Folder of the built web app. */
    WEB_DIR: z.string().min(1).default('dist/web'),
    /** Requests per minute allowed on the support form from one address. */
    SUPPORT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    /** SMTP server for outgoing mail (required in production); unset keeps mail in DATA_DIR/mail (shown at /dev/mail). */
    SMTP_URL: z.string().min(1).optional(),
    MAIL_FROM: z.string().min(3).default('VendeMás <no-responder@vendemas.com.ar>'),
    /** Code that lets someone sign up as administrator; unset disables admin sign-up. */
    ADMIN_SIGNUP_CODE: z
      .string()
      .min(12, 'ADMIN_SIGNUP_CODE must be at least 12 characters')
      .optional(),
    /** Sign-in, sign-up and password-reset attempts per minute per address. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Image uploads (product photos, logo) per minute per company account; each one is decoded. */
    IMAGE_UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** S3-compatible object storage for uploaded files; unset keeps them under DATA_DIR/files. */
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: z.url().optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.optional(),
    /** Contact shown on the support page and in e-mails. */
    SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an e-mail address').default(BRAND.supportEmail),
    /** WhatsApp number for support as people write it (+54 9 11 …); unset hides the WhatsApp card. */
    SUPPORT_WHATSAPP: z
      .string()
      .regex(
        /^\+?[\d\s()-]{8,25}$/,
        'SUPPORT_WHATSAPP must be a phone number, e.g. +54 9 11 4000-0000',
      )
      .optional(),
  })
  // A cap below what one order may take would refuse every order of that size.
  .refine((env) => env.PAY_MAX_HELD_UNITS_PER_PRODUCT >= env.PAY_MAX_UNITS_PER_ORDER, {
    path: ['PAY_MAX_HELD_UNITS_PER_PRODUCT'],
    message: 'PAY_MAX_HELD_UNITS_PER_PRODUCT must be at least PAY_MAX_UNITS_PER_ORDER',
  })
  .refine((env) => env.PAY_MAX_HELD_UNITS_PER_ADDRESS >= env.PAY_MAX_HELD_UNITS_PER_PRODUCT, {
    path: ['PAY_MAX_HELD_UNITS_PER_ADDRESS'],
    message: 'PAY_MAX_HELD_UNITS_PER_ADDRESS must be at least PAY_MAX_HELD_UNITS_PER_PRODUCT',
  });

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  /** Public origin of the site, without a trailing slash. */
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The e-mail outbox worker (features/notifications). */
  outbox: { pollMs: number; maxAttempts: number };
  appSecret: string;
  /** Former secrets: values sealed with them still open (see lib/secret-box.ts). */
  appSecretPrevious: string[];
  logLevel: Env['LOG_LEVEL'];
  seed: boolean;
  redisUrl: string | undefined;
  store: StoreConfig;
  pay: PayConfig;
  /**
   * Which proxies' X-Forwarded-For entries to believe (Fastify's `trustProxy`):
   * none, the last n hops, or these addresses and ranges. `request.ip` is then
   * the address the outermost trusted proxy saw, never a value the client wrote.
   */
  trustProxy: TrustProxy;
  /** Folder of the built SPA; absent folders are simply not served. */
  webDir: string;
  rateLimits: { support: number; auth: number; imageUploads: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  adminSignupCode: string | undefined;
  support: SupportContact;
  /** Set when S3_BUCKET is: uploaded files live in that bucket. */
  s3: S3StorageOptions | undefined;
}

export type TrustProxy = false | number | string[];

/** Names @fastify/proxy-addr expands into address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify takes it: `false`/`0` none; `true` one hop (a single
 * load balancer: the address it appended is the client's); `n` hops; or a
 * comma-separated list of the proxies' addresses and CIDR ranges. Trusting
 * every hop (Fastify's `true`) is never offered: the leftmost X-Forwarded-For
 * entry is whatever the client wrote. A string answer is the problem.
 */
export function parseTrustProxy(value: string): TrustProxy | string {
  const lower = value.toLowerCase();
  if (['', 'false', 'no', '0'].includes(lower)) return false;
  if (['true', 'yes'].includes(lower)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 32 ? hops : 'TRUST_PROXY must be at most 32 hops';
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length) {
    return `TRUST_PROXY must be true, false, a number of hops, or proxy addresses/CIDRs separated by commas (not understood: ${bad.map((entry) => JSON.stringify(entry)).join(', ')})`;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', mask, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(mask) === 4;
}

export interface SupportContact {
  email: string;
  /** Digits only, as wa.me expects; undefined when no WhatsApp line is configured. */
  whatsappNumber: string | undefined;
  whatsappDisplay: string | undefined;
}

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

const DEMO_BANK = {
  name: 'Banco de la Nación Argentina',
  holder: 'VendeMás S.A.',
  cbu: '0110599520000001234569',
  alias: 'VENDEMAS.PAGOS',
  cuit: '30-71234567-1',
};

function storeConfig(env: Env, isProduction: boolean): StoreConfig {
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
      : { ...DEMO_BANK, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v)) };
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

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(stripEmpty(source));
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${details}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

  if (isProduction && !env.APP_SECRET) {
    throw new ConfigError(
      'APP_SECRET is required when NODE_ENV=production (at least 32 random characters, e.g. `openssl rand -hex 32`).',
    );
  }
  if (isProduction && !env.SMTP_URL) {
    // Without a mail server, confirmation and password-reset e-mails (sign-in
    // links) would only be kept as files in DATA_DIR/mail, and nobody could
    // confirm an account or recover a password.
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production (e.g. smtp://user:password@smtp.example.com:587): confirmation and password-reset e-mails carry sign-in links and are never kept on disk in production.',
    );
  }

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST ?? (isProduction ? '0.0.0.0' : 'localhost'),
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    appSecret: env.APP_SECRET ?? developmentSecret(dataDir),
    appSecretPrevious: (env.APP_SECRET_PREVIOUS ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL,
    seed: env.SEED ?? !isProduction,
    redisUrl: env.REDIS_URL,
    store: storeConfig(env, isProduction),
    pay: {
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
    },
    outbox: { pollMs: env.OUTBOX_POLL_MS, maxAttempts: env.OUTBOX_MAX_ATTEMPTS },
    trustProxy: env.TRUST_PROXY,
    webDir: path.resolve(env.WEB_DIR),
    rateLimits: {
      support: env.SUPPORT_RATE_LIMIT,
      auth: env.AUTH_RATE_LIMIT,
      imageUploads: env.IMAGE_UPLOAD_RATE_LIMIT,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminSignupCode: env.ADMIN_SIGNUP_CODE,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
          publicUrl: env.S3_PUBLIC_URL,
        }
      : undefined,
    support: {
      email: env.SUPPORT_EMAIL,
      whatsappNumber: env.SUPPORT_WHATSAPP?.replace(/\D/g, ''),
      whatsappDisplay: env.SUPPORT_WHATSAPP?.trim(),
    },
  };
}

/** Empty strings in .env files mean "unset". */
function stripEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** A random secret kept in DATA_DIR, so development sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** What the browser may know of the configuration (served in index.html and at /api/public/config). */
export function runtimeConfigFor(config: Config): RuntimeConfig {
  return {
    store_id: config.store.id,
    admin_signup: Boolean(config.adminSignupCode),
    support: {
      email: config.support.email,
      whatsapp_number: config.support.whatsappNumber ?? null,
      whatsapp_display: config.support.whatsappDisplay ?? null,
    },
  };
}
