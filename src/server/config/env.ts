import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@shared/accounts/accounts.schema';
import { BRAND } from '@shared/brand';
import type { RuntimeConfig } from '@shared/runtime-config.schema';
import type { S3StorageOptions } from '../lib/storage/s3';
import { invoicingConfig, type InvoicingConfig } from './arca-config';
import { EnvSchema, type Env } from './env-schema';
import { payConfig, type PayConfig } from './pay-config';
import { storeConfig, type StoreConfig } from './store-config';
import type { TrustProxy } from './trust-proxy';

// The store, payments and app modules take these types from here.
export type { PayConfig, TrustProxy };

/**
 * The server's configuration. loadConfig is the only reader of process.env;
 * the variables, their defaults and checks are in ./env-schema.
 */
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
  rateLimits: { support: number; auth: number; imageUploads: number; apiKey: number };
  /** Sign-in protection per account (features/sign-in-protection). */
  signIn: { maxFailures: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  adminSignupCode: string | undefined;
  support: SupportContact;
  /** Set when S3_BUCKET is: uploaded files live in that bucket. */
  s3: S3StorageOptions | undefined;
  /**
   * Link analytics: how clicks are queued and written, where a proxy names the
   * region, and how long a report is reused.
   */
  analytics: {
    flushMs: number;
    maxQueue: number;
    regionHeader: string | undefined;
    reportReuseMs: number;
  };
  /** Risk center: the thresholds of the order-velocity and refund-rate signals. */
  risk: RiskThresholds;
  /** The platform's electronic invoices through ARCA (features/invoicing). */
  invoicing: InvoicingConfig;
  /** Webhook deliveries (features/webhooks). */
  webhooks: {
    pollMs: number;
    /** Loopback and private addresses allowed, and http in production: development and tests. */
    allowPrivate: boolean;
    /** Only https endpoints (production). */
    httpsOnly: boolean;
  };
  /** Two factors and step-up (features/account-security). */
  accountSecurity: {
    /** Roles whose panels answer 403 TWO_FACTOR_REQUIRED until the account turns a second factor on. */
    twoFactorRequiredRoles: Role[];
    /** How long a password or code typed again lets a session change where money goes. */
    stepUpMinutes: number;
  };
}

export interface RiskThresholds {
  velocityOrdersPerHour: number;
  refundRateBps: number;
  refundMinSales: number;
}

export interface SupportContact {
  email: string;
  /** Digits only, as wa.me expects; undefined when no WhatsApp line is configured. */
  whatsappNumber: string | undefined;
  whatsappDisplay: string | undefined;
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
  const store = storeConfig(env, isProduction);
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
    store,
    pay: payConfig(env, isProduction),
    outbox: { pollMs: env.OUTBOX_POLL_MS, maxAttempts: env.OUTBOX_MAX_ATTEMPTS },
    trustProxy: env.TRUST_PROXY,
    webDir: path.resolve(env.WEB_DIR),
    rateLimits: {
      support: env.SUPPORT_RATE_LIMIT,
      auth: env.AUTH_RATE_LIMIT,
      imageUploads: env.IMAGE_UPLOAD_RATE_LIMIT,
      apiKey: env.API_KEY_RATE_LIMIT,
    },
    signIn: { maxFailures: env.SIGNIN_MAX_FAILURES },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminSignupCode: env.ADMIN_SIGNUP_CODE,
    analytics: {
      flushMs: env.ANALYTICS_FLUSH_MS,
      maxQueue: env.ANALYTICS_MAX_QUEUE,
      regionHeader: env.ANALYTICS_REGION_HEADER?.toLowerCase(),
      reportReuseMs: env.ANALYTICS_REPORT_REUSE_MS,
    },
    risk: {
      velocityOrdersPerHour: env.RISK_VELOCITY_ORDERS_PER_HOUR,
      refundRateBps: env.RISK_REFUND_RATE_BPS,
      refundMinSales: env.RISK_REFUND_MIN_SALES,
    },
    invoicing: invoicingConfig(
      env,
      isProduction,
      (message) => {
        throw new ConfigError(message);
      },
      store.bank?.holder ?? BRAND.name,
    ),
    webhooks: {
      pollMs: env.WEBHOOK_POLL_MS,
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE ?? false,
      httpsOnly: isProduction,
    },
    accountSecurity: {
      twoFactorRequiredRoles: twoFactorRoles(env.TWO_FACTOR_REQUIRED_ROLES, isProduction),
      stepUpMinutes: env.STEP_UP_MINUTES,
    },
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

/** TWO_FACTOR_REQUIRED_ROLES as roles: `none` is nobody; unset is the admin in production only. */
function twoFactorRoles(value: string | undefined, isProduction: boolean): Role[] {
  if (value === undefined) return isProduction ? ['admin'] : [];
  if (value === 'none') return [];
  return [...new Set(value.split(',').map((role) => role.trim() as Role))];
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
