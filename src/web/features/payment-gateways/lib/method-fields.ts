import type { PaymentProvider } from '@shared/payments/payment-methods.schema';

export interface FieldSpec {
  name: string;
  label: string;
  secret?: boolean;
  optional?: boolean;
  multiline?: boolean;
  hint?: string;
}

/** The settings each provider asks for, in the order the form shows them. */
export const FIELDS: Record<PaymentProvider, FieldSpec[]> = {
  mercadopago: [
    { name: 'accessToken', label: 'Access Token', secret: true },
    {
      name: 'webhookSecret',
      label: 'Secreto del webhook (opcional)',
      secret: true,
      optional: true,
    },
  ],
  stripe: [
    { name: 'publishableKey', label: 'Clave publicable (pk_…)' },
    { name: 'secretKey', label: 'Clave secreta (sk_…)', secret: true },
    {
      name: 'webhookSecret',
      label: 'Secreto del webhook (opcional, whsec_…)',
      secret: true,
      optional: true,
    },
  ],
  transferencia: [
    { name: 'bankName', label: 'Banco' },
    { name: 'accountHolder', label: 'Titular de la cuenta' },
    { name: 'cbu', label: 'CBU', hint: '22 dígitos.' },
    { name: 'alias', label: 'Alias (opcional)', optional: true },
    { name: 'cuit', label: 'CUIT', hint: '11 dígitos, por ejemplo 30-71234567-1.' },
    {
      name: 'instructions',
      label: 'Instrucciones para el comprador (opcional)',
      optional: true,
      multiline: true,
    },
  ],
};

/** A secret field's name in the stored config's `<name>_last4` hint. */
export const HINT_OF: Record<string, 'access_token' | 'secret_key' | 'webhook_secret'> = {
  accessToken: 'access_token',
  secretKey: 'secret_key',
  webhookSecret: 'webhook_secret',
};
