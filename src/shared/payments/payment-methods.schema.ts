import {
  BANK_DATA_MESSAGES,
  formatCuit,
  isValidAlias,
  isValidCbu,
  isValidCuit,
} from '../bank-data';
import { z } from '../zod';

/**
 * A company's payment gateways (spec 02 §3, §5; API.md "PaymentMethod"). Secrets
 * travel only from the browser to the server: answers carry whether each is set
 * and its last four characters, never the value.
 */

export const PAYMENT_PROVIDERS = ['mercadopago', 'stripe', 'transferencia'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  mercadopago: 'MercadoPago',
  stripe: 'Stripe (tarjeta)',
  transferencia: 'Transferencia bancaria',
};

/** spec 02 §5 and §8, exactly; the add/update and on/off pairs are the two halves of one text. */
export const PAYMENT_METHOD_MESSAGES = {
  loadFailed: 'No se pudieron cargar las pasarelas de pago.',
  toggleFailed: 'No se pudo cambiar el estado.',
  added: 'Pasarela agregada correctamente',
  updated: 'Pasarela actualizada correctamente',
  deleted: 'Pasarela de pago eliminada.',
  activated: 'Pasarela activada.',
  deactivated: 'Pasarela desactivada.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar esta pasarela de pago?',
  providerRequired: 'Elige una pasarela de pago.',
  alreadyConfigured: 'Esa pasarela ya está configurada: edítala en lugar de agregarla de nuevo.',
  notFound: 'No encontramos esa pasarela de pago.',
  accessTokenRequired: 'Ingresa el Access Token de MercadoPago.',
  publishableKeyInvalid: 'La clave publicable de Stripe empieza con pk_.',
  secretKeyInvalid: 'La clave secreta de Stripe empieza con sk_ o rk_.',
  webhookSecretInvalid: 'El secreto del webhook no es válido.',
  bankNameRequired: 'Ingresa el nombre del banco.',
  accountHolderRequired: 'Ingresa el titular de la cuenta.',
  instructionsTooLong: 'Las instrucciones pueden tener hasta 1000 caracteres.',
  connectedNotEditable:
    'Esta cuenta está conectada con MercadoPago: desconéctala para cargar un Access Token a mano.',
  stripeConnectedNotEditable:
    'Esta cuenta está conectada con Stripe: desconéctala para cargar tus claves a mano.',
} as const;

/** Connecting a company's MercadoPago account to the platform's application (OAuth). */
export const MERCADOPAGO_CONNECT_MESSAGES = {
  connect: 'Conectar con MercadoPago',
  disconnect: 'Desconectar',
  connected: 'MercadoPago quedó conectado: cada pago separa la comisión de la plataforma.',
  disconnected: 'MercadoPago quedó desconectado.',
  unavailable: 'Conectar con MercadoPago no está disponible en esta plataforma.',
  stateInvalid:
    'El enlace para conectar MercadoPago no es válido o ya venció. Vuelve a intentarlo desde Pasarelas de Pago.',
  exchangeFailed: 'MercadoPago no confirmó la conexión. Vuelve a intentarlo en unos minutos.',
  notConnected: 'Tu cuenta de MercadoPago no está conectada.',
  broken:
    'MercadoPago rechazó la renovación de la conexión: vuelve a conectar tu cuenta para cobrar con MercadoPago.',
  brokenTitle: 'Tu conexión con MercadoPago se cortó',
} as const;

/** Connecting a company's Stripe account to the platform (Stripe Connect, onboarding by account link). */
export const STRIPE_CONNECT_MESSAGES = {
  connect: 'Conectar con Stripe',
  resume: 'Completar la activación en Stripe',
  disconnect: 'Desconectar',
  connected: 'Stripe quedó conectado: cada pago con tarjeta separa la comisión de la plataforma.',
  pending:
    'Tu cuenta de Stripe todavía no puede cobrar: completa la activación en Stripe para empezar a usarla.',
  disconnected: 'Stripe quedó desconectado.',
  unavailable: 'Conectar con Stripe no está disponible en esta plataforma.',
  startFailed: 'Stripe no respondió. Vuelve a intentarlo en unos minutos.',
  linkExpired:
    'El enlace para activar tu cuenta de Stripe venció: sigue con «Completar la activación en Stripe».',
  notStarted: 'No hay una conexión con Stripe en curso. Empieza de nuevo desde Pasarelas de Pago.',
  notConnected: 'Tu cuenta de Stripe no está conectada.',
  broken:
    'Tu cuenta de Stripe dejó de estar conectada con la plataforma: vuelve a conectarla para cobrar con tarjeta.',
  brokenTitle: 'Tu conexión con Stripe se cortó',
} as const;

/** POST /api/company/payment-methods/stripe/connect: where the company activates its account. */
export const StripeConnectStart = z.object({
  /** Stripe's onboarding link for the company's account (single use, short-lived). */
  url: z.string(),
});
export type StripeConnectStart = z.infer<typeof StripeConnectStart>;

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);
const secret = (pattern: RegExp, message: string) =>
  z.string({ error: message }).trim().min(8, message).max(500, message).regex(pattern, message);

const AccessToken = secret(/^\S+$/, PAYMENT_METHOD_MESSAGES.accessTokenRequired);
const WebhookSecret = secret(/^\S+$/, PAYMENT_METHOD_MESSAGES.webhookSecretInvalid);
const PublishableKey = secret(
  /^pk_(test|live)_\S+$/,
  PAYMENT_METHOD_MESSAGES.publishableKeyInvalid,
);
const SecretKey = secret(/^(sk|rk)_(test|live)_\S+$/, PAYMENT_METHOD_MESSAGES.secretKeyInvalid);

const Cbu = z
  .string({ error: BANK_DATA_MESSAGES.cbu })
  .trim()
  .refine(isValidCbu, BANK_DATA_MESSAGES.cbu)
  .transform((value) => value.replace(/[\s.-]/g, ''));
/** Stored as banks print it, 30-71234567-1, however it was typed. */
const Cuit = z
  .string({ error: BANK_DATA_MESSAGES.cuit })
  .trim()
  .refine(isValidCuit, BANK_DATA_MESSAGES.cuit)
  .transform(formatCuit);
const Alias = z
  .string({ error: BANK_DATA_MESSAGES.alias })
  .trim()
  .refine(isValidAlias, BANK_DATA_MESSAGES.alias);
/** An optional text field: empty means "none". */
const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

export const MercadoPagoConfigInput = z.object({
  accessToken: AccessToken,
  webhookSecret: optional(WebhookSecret),
});
export const StripeConfigInput = z.object({
  publishableKey: PublishableKey,
  secretKey: SecretKey,
  webhookSecret: optional(WebhookSecret),
});
export const TransferConfigInput = z.object({
  bankName: text(120, PAYMENT_METHOD_MESSAGES.bankNameRequired),
  accountHolder: text(160, PAYMENT_METHOD_MESSAGES.accountHolderRequired),
  cbu: Cbu,
  alias: optional(Alias),
  cuit: Cuit,
  instructions: z
    .string({ error: PAYMENT_METHOD_MESSAGES.instructionsTooLong })
    .trim()
    .max(1000, PAYMENT_METHOD_MESSAGES.instructionsTooLong)
    .optional(),
});

/** What the company sends for each provider when adding it. */
export const PAYMENT_CONFIG_INPUT = {
  mercadopago: MercadoPagoConfigInput,
  stripe: StripeConfigInput,
  transferencia: TransferConfigInput,
} as const;

/** Editing: a secret left out (or empty) keeps the stored one (API.md). */
export const PAYMENT_CONFIG_UPDATE = {
  mercadopago: MercadoPagoConfigInput.partial().extend({ accessToken: optional(AccessToken) }),
  stripe: StripeConfigInput.partial().extend({ secretKey: optional(SecretKey) }),
  transferencia: TransferConfigInput.partial(),
} as const;

/** The secret fields of each provider: sealed at rest, never answered. */
export const SECRET_FIELDS: Record<PaymentProvider, readonly string[]> = {
  mercadopago: ['accessToken', 'webhookSecret'],
  stripe: ['secretKey', 'webhookSecret'],
  transferencia: [],
};

const IsActive = z.boolean({ error: 'Indica si la pasarela está activa.' });

export const CreatePaymentMethodBody = z.discriminatedUnion(
  'provider',
  [
    z.object({
      provider: z.literal('mercadopago'),
      config: MercadoPagoConfigInput,
      is_active: IsActive.default(true),
    }),
    z.object({
      provider: z.literal('stripe'),
      config: StripeConfigInput,
      is_active: IsActive.default(true),
    }),
    z.object({
      provider: z.literal('transferencia'),
      config: TransferConfigInput,
      is_active: IsActive.default(true),
    }),
  ],
  { error: PAYMENT_METHOD_MESSAGES.providerRequired },
);
export type CreatePaymentMethodBody = z.input<typeof CreatePaymentMethodBody>;

/** `config` is checked against the method's own provider by the server. */
export const UpdatePaymentMethodBody = z.object({
  config: z.record(z.string(), z.unknown(), { error: 'La configuración no es válida.' }).optional(),
  is_active: IsActive.optional(),
});
export type UpdatePaymentMethodBody = z.input<typeof UpdatePaymentMethodBody>;

/** The config as answers show it: public fields, and for each secret only whether it is set and its last 4. */
export const PaymentMethodConfig = z
  .object({
    publishableKey: z.string(),
    bankName: z.string(),
    accountHolder: z.string(),
    cbu: z.string(),
    alias: z.string(),
    cuit: z.string(),
    instructions: z.string(),
    has_access_token: z.boolean(),
    access_token_last4: z.string().nullable(),
    has_secret_key: z.boolean(),
    secret_key_last4: z.string().nullable(),
    has_webhook_secret: z.boolean(),
    webhook_secret_last4: z.string().nullable(),
  })
  .partial();
export type PaymentMethodConfig = z.infer<typeof PaymentMethodConfig>;

export const PaymentMethod = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  is_active: z.boolean(),
  config: PaymentMethodConfig,
  /** Where to point the provider's webhooks (MercadoPago and Stripe); null for transfers. */
  webhook_url: z.string().nullable(),
  /** `oauth`: the company connected its account to the platform (payments split at the source). */
  connection: z.enum(['token', 'oauth']),
  /** The connected account's id at the provider (MercadoPago's collector, Stripe's acct_…). */
  collector_id: z.string().nullable(),
  connected_at: z.string().nullable(),
  /**
   * `pending`: the company has not finished Stripe's onboarding (no payments yet);
   * `broken`: the provider refused to renew or revoked the connection; connect again.
   */
  status: z.enum(['connected', 'pending', 'broken']).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentMethodList = z.object({
  items: z.array(PaymentMethod),
  /**
   * Which accounts the platform lets a company connect: MercadoPago when its
   * application is set, Stripe when its Connect keys are.
   */
  connect: z.object({ mercadopago: z.boolean(), stripe: z.boolean() }),
});
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;
