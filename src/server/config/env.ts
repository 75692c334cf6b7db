import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is listed in .env.example and
 * the README. Development gets working defaults; production must say what it needs.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: booleanFlag.default(true),
  REDIS_URL: z.string().min(1).optional(),
  /** Storefront identifier in /api/store/:storeId (spec 01 §7). */
  STORE_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .default('vendemas'),
  /** Minutes a checkout keeps its stock reserved while unpaid. */
  STORE_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Checkouts per minute one address may open (each one reserves stock). */
  STORE_CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Platform Stripe account; when both are set the hosted checkout takes cards through Stripe Checkout. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Base URL of a local fake of Stripe's API, for tests; ignored in production. */
  STRIPE_API_URL: z.url().optional(),
  /** Platform bank account for transfers (demo values in development). */
  PLATFORM_BANK_NAME: z.string().min(1).optional(),
  PLATFORM_BANK_HOLDER: z.string().min(1).optional(),
  PLATFORM_BANK_CBU: z
    .string()
    .regex(/^\d{22}$/, 'PLATFORM_BANK_CBU must have 22 digits')
    .optional(),
  PLATFORM_BANK_ALIAS: z.string().min(1).optional(),
  PLATFORM_BANK_CUIT: z.string().min(1).optional(),
  /** Set when running behind a load balancer or reverse proxy (X-Forwarded-*). */
  TRUST_PROXY: booleanFlag.default(false),
  /** Folder of the built web app. */
  WEB_DIR: z.string().min(1).default('dist/web'),
  /** Requests per minute allowed on the support form from one address. */
  SUPPORT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** SMTP server for outgoing mail; unset keeps mail in DATA_DIR/mail (shown at /dev/mail). */
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('VendeMás <no-responder@vendemas.com.ar>'),
  /** Code that lets someone sign up as administrator; unset disables admin sign-up. */
  ADMIN_SIGNUP_CODE: z
    .string()
    .min(12, 'ADMIN_SIGNUP_CODE must be at least 12 characters')
    .optional(),
  /** Sign-in, sign-up and password-reset attempts per minute per address. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
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
  appSecret: string;
  logLevel: Env['LOG_LEVEL'];
  seed: boolean;
  redisUrl: string | undefined;
  store: StoreConfig;
  trustProxy: boolean;
  /** Folder of the built SPA; absent folders are simply not served. */
  webDir: string;
  rateLimits: { support: number; auth: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  adminSignupCode: string | undefined;
}

export interface StoreConfig {
  id: string;
  reservationMinutes: number;
  checkoutRateLimit: number;
  /** Set when the platform's Stripe keys are configured. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** Set when the platform's bank details are known (always in development). */
  bank: { name: string; holder: string; cbu: string; alias: string; cuit: string } | undefined;
}

const DEMO_BANK = {
  name: 'Banco de la Nación Argentina',
  holder: 'VendeMás S.A.',
  cbu: '0110599520000001234567',
  alias: 'VENDEMAS.TIENDA.PAGOS',
  cuit: '30-71234567-8',
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
    checkoutRateLimit: env.STORE_CHECKOUT_RATE_LIMIT,
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

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    appSecret: env.APP_SECRET ?? developmentSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    seed: env.SEED,
    redisUrl: env.REDIS_URL,
    store: storeConfig(env, isProduction),
    trustProxy: env.TRUST_PROXY,
    webDir: path.resolve(env.WEB_DIR),
    rateLimits: { support: env.SUPPORT_RATE_LIMIT, auth: env.AUTH_RATE_LIMIT },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminSignupCode: env.ADMIN_SIGNUP_CODE,
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
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
