import { z } from 'zod';
import { formatCuit, isValidAlias, isValidCbu, isValidCuit, normalizeCbu } from '@shared/bank-data';
import { BRAND } from '@shared/brand';
import { PAY_QUANTITY_CEILING } from '@shared/orders/orders.schema';
import { parseTrustProxy } from './trust-proxy';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads, with its default and checks.
 * Every variable is listed in .env.example and docs/configuration.md.
 * Development gets working defaults; production must say what it needs.
 */
export const EnvSchema = z
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
    /**
     * Stripe Connect: with the platform's secret key and this publishable key,
     * companies can connect a Stripe account and their card payments carry the
     * platform's commission as an application fee.
     */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .trim()
      .regex(/^pk_(test|live)_\S+$/)
      .optional(),
    /** The signing secret of the platform's Connect webhook endpoint (events of connected accounts). */
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    /** Base URL of a local fake of Stripe's API, for tests; ignored in production. */
    STRIPE_API_URL: z.url().optional(),
    /** Base URL of a local fake of MercadoPago's API, for tests and demos; ignored in production. */
    MERCADOPAGO_API_URL: z.url().optional(),
    /**
     * The platform's MercadoPago application (marketplace mode): with both set,
     * companies can connect their account and every payment splits itself.
     */
    MERCADOPAGO_CLIENT_ID: z.string().trim().min(1).optional(),
    MERCADOPAGO_CLIENT_SECRET: z.string().trim().min(1).optional(),
    /** The application's notification secret: connected accounts' webhooks are signed with it. */
    MERCADOPAGO_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    /** Where companies authorize the application; a local fake in tests; ignored in production. */
    MERCADOPAGO_AUTH_URL: z.url().optional(),
    /** Milliseconds between writes of queued link clicks (0: only when flushed, for tests). */
    ANALYTICS_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** Clicks one instance may hold unwritten (the database away); past it clicks are dropped and logged. */
    ANALYTICS_MAX_QUEUE: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
    /**
     * Milliseconds a seller's or a company's analytics report of a period is reused (the
     * admin's platform-wide one six times as long); 0: every report computed when asked.
     */
    ANALYTICS_REPORT_REUSE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
    /** A header a trusted proxy or CDN sets with the visitor's region (e.g. cf-region); unset: none. */
    ANALYTICS_REGION_HEADER: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,60}$/)
      .optional(),
    /** Risk center: more orders than this through one seller's links from one visitor or address in an hour is a signal. */
    RISK_VELOCITY_ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    /** Risk center: a seller's refunded share of approved sales (basis points) above which a refund is a signal. */
    RISK_REFUND_RATE_BPS: z.coerce.number().int().min(1).max(10_000).default(2000),
    /** Risk center: the approved sales a seller needs before their refund share counts. */
    RISK_REFUND_MIN_SALES: z.coerce.number().int().min(1).max(10_000).default(5),
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
    /**
     * The most of a product's stock (as it stood before the holds: what is left plus what
     * unpaid orders hold) that unpaid payment-link orders may hold, in basis points; an order
     * past it needs a proof of work, whoever places it (10000: never asked for this).
     */
    PAY_MAX_UNPAID_SHARE_BPS: z.coerce.number().int().min(1).max(10_000).default(5000),
    /** PBKDF2 iterations of each attempt at a challenge, and the most attempts one may need. */
    PAY_CHALLENGE_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    PAY_CHALLENGE_MAX_ATTEMPTS: z.coerce.number().int().min(4).max(10_000_000).default(5000),
    /** E-mails about a new order one recipient address may receive per hour (more orders still work). */
    PAY_BUYER_MAILS_PER_HOUR: z.coerce.number().int().min(0).max(1000).default(5),
    /** Days after an approval before the seller's commission can be paid out (refunds inside never reach a payout). */
    SETTLEMENT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
    /**
     * Hours a seller's payouts wait after they replace their payout details (API.md
     * "Payout details changed"): time for the owner to answer the e-mail with 'No fui yo'.
     */
    PAYOUT_DETAILS_HOLD_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 30)
      .default(72),
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
    /**
     * Roles whose accounts must turn on a second factor before using their panel
     * (comma list of company, seller, admin; `none` for nobody). Unset: `admin` in
     * production, nobody in development and tests.
     */
    TWO_FACTOR_REQUIRED_ROLES: z
      .string()
      .trim()
      .regex(
        /^(none|((company|seller|admin)\s*(,\s*(company|seller|admin)\s*)*))$/,
        'TWO_FACTOR_REQUIRED_ROLES must be "none" or a comma list of company, seller, admin',
      )
      .optional(),
    /**
     * Minutes a password (or code) typed again keeps a session allowed to move money
     * (step-up). Fractions are allowed: a browser journey uses a few seconds.
     */
    STEP_UP_MINUTES: z.coerce
      .number()
      .min(0.05)
      .max(24 * 60)
      .default(10),
    /** Sign-in, sign-up and password-reset attempts per minute per address. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /**
     * Wrong passwords for one account, from any address, within 15 minutes that
     * lock its sign-in (and change of password) for 15 minutes.
     */
    SIGNIN_MAX_FAILURES: z.coerce.number().int().min(3).max(1000).default(10),
    /** Image uploads (product photos, logo) per minute per company account; each one is decoded. */
    IMAGE_UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
    /** How often each instance sends the webhook deliveries that are due (0: never; tests drain by hand). */
    WEBHOOK_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
    /**
     * Lets webhook URLs reach loopback, private and link-local addresses and use
     * http in production: for development and tests only (a production start refuses it).
     */
    WEBHOOK_ALLOW_PRIVATE: booleanFlag.optional(),
    /** The platform's CUIT for its ARCA electronic invoices; invoicing is on with CUIT, certificate, key and point of sale. */
    ARCA_CUIT: z
      .string()
      .refine(isValidCuit, 'ARCA_CUIT must have 11 digits with a valid check digit')
      .transform((value) => value.replace(/\D/g, ''))
      .optional(),
    /** Paths of the certificate ARCA issued for the platform and of its private key (PEM). */
    ARCA_CERT: z.string().min(1).optional(),
    ARCA_KEY: z.string().min(1).optional(),
    /** The web-service point of sale the documents are issued from. */
    ARCA_POINT_OF_SALE: z.coerce.number().int().min(1).max(99_998).optional(),
    /** The platform's own VAT condition: A/B documents with VAT, or C without. */
    ARCA_TAX_CONDITION: z
      .enum(['responsable_inscripto', 'monotributo'])
      .default('responsable_inscripto'),
    /** `false` (default): ARCA's homologation services. */
    ARCA_PRODUCTION: booleanFlag.optional(),
    /** Override ARCA's addresses (tests and development point them at the local fake). */
    ARCA_WSAA_URL: z.url().optional(),
    ARCA_WSFE_URL: z.url().optional(),
    /** The issuer as the printed documents show it (razón social and domicilio comercial). */
    ARCA_LEGAL_NAME: z.string().min(1).max(200).optional(),
    ARCA_ADDRESS: z.string().min(1).max(300).optional(),
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
  })
  // A production server must never post events into its own network.
  .refine((env) => !(env.NODE_ENV === 'production' && env.WEBHOOK_ALLOW_PRIVATE), {
    path: ['WEBHOOK_ALLOW_PRIVATE'],
    message:
      'WEBHOOK_ALLOW_PRIVATE=true is for development and tests only, never with NODE_ENV=production',
  });

export type Env = z.infer<typeof EnvSchema>;
