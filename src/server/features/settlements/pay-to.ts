import { createHash } from 'node:crypto';
import { formatCuit } from '@shared/bank-data';
import type { PlatformPayTo } from '@shared/settlements/settlements.schema';
import type { StoreConfig } from '../../config/store-config';

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A company's reference for its transfers to the platform: the same every
 * month, short enough to type into a bank's app ('LIQ-' and 8 characters
 * without I, L, O or U), derived from the company's id, so nothing is stored
 * and the admin can tell whose a transfer is.
 */
export function settlementReference(companyId: string): string {
  const digest = createHash('sha256').update(`settlement:${companyId}`).digest();
  let code = '';
  for (const byte of digest.subarray(0, 8)) code += REFERENCE_ALPHABET[byte % 32];
  return `LIQ-${code}`;
}

/** Where the company pays: the platform's account as configured (PLATFORM_BANK_*), and its reference. */
export function payToOf(bank: StoreConfig['bank'], companyId: string): PlatformPayTo {
  return {
    bank: bank
      ? {
          name: bank.name,
          holder: bank.holder,
          cbu: bank.cbu.replace(/\D/g, ''),
          alias: bank.alias,
          cuit: formatCuit(bank.cuit),
        }
      : null,
    reference: settlementReference(companyId),
  };
}
