import { NO_PAYOUT_DESTINATION } from '@shared/accounts/not-me.schema';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import type { SecretBox } from '../../lib/secret-box';
import { openSecrets, type MethodRow } from '../payments/payment-methods.service';

/**
 * Where an account's money goes, as the e-mail, the bell, the audit log and
 * the 'No fui yo' page name it: by the last 4 characters of the destination
 * only (API.md "Payout details changed"), never the whole CBU, e-mail or key.
 */

const last4 = (value: string) => value.trim().slice(-4);

export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  mercadopago: 'MercadoPago',
  stripe: 'Stripe',
  transferencia: 'Transferencia',
};

function bankLabel(details: Record<string, string>): string {
  const cbu = details.cbu ? `CBU terminado en ${last4(details.cbu)}` : 'Sin CBU';
  return details.alias ? `${cbu} (alias terminado en ${last4(details.alias)})` : cbu;
}

/** A seller's payout details: «CBU terminado en 1234», «MercadoPago, e-mail terminado en .com». */
export function sellerDestinationLabel(
  method: 'mercadopago' | 'bank' | null,
  details: Record<string, string>,
): string {
  if (method === 'bank' && details.cbu) return bankLabel(details);
  if (method === 'mercadopago' && details.email) {
    return `MercadoPago, e-mail terminado en ${last4(details.email)}`;
  }
  return NO_PAYOUT_DESTINATION;
}

/**
 * A company's payment method of one provider, where buyers' money goes
 * through it: `key` compares two states in full (never shown), `label` names
 * it by its last 4 characters; «Sin configurar» when there is none. Only what
 * moves money counts: a webhook secret or a bank's name changes neither.
 */
export function methodDestination(
  provider: PaymentProvider,
  row: MethodRow | null,
  secretBox: SecretBox,
): { key: string; label: string } {
  if (!row) return { key: 'none', label: 'Sin configurar' };
  if (row.connection === 'oauth') {
    if (row.connectionStatus !== 'connected' || !row.accountId) {
      return { key: 'unconnected', label: 'Cuenta sin conectar' };
    }
    return {
      key: `account:${row.accountId}`,
      label: `Cuenta conectada terminada en ${last4(row.accountId)}`,
    };
  }
  if (provider === 'transferencia') {
    const { cbu = '', alias = '' } = row.publicConfig;
    return { key: `bank:${cbu}:${alias.toLowerCase()}`, label: bankLabel(row.publicConfig) };
  }
  const [field, named, none] =
    provider === 'stripe'
      ? ['secretKey', 'Clave secreta terminada en', 'Sin clave secreta']
      : ['accessToken', 'Access token terminado en', 'Sin access token'];
  const secret = openSecrets(secretBox, row)[field] ?? '';
  return { key: `${field}:${secret}`, label: secret ? `${named} ${last4(secret)}` : none };
}

/** A company's MercadoPago collector id. */
export function collectorIdLabel(value: string | null): string {
  return value ? `ID de Cobrador terminado en ${last4(value)}` : 'Sin ID de Cobrador';
}
