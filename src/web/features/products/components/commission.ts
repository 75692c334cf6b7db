import {
  buyerPriceCents,
  commissionCents,
  COMMISSION_WARNING_BPS,
  MAX_COMMISSION_BPS,
  MIN_COMMISSION_BPS,
  splitCommission,
} from '@shared/commission';
import { parseAmountToCents } from '@shared/money';

/** A commission typed as a percentage ("12", "12,5") in basis points, or null. */
export function percentToBps(input: string): number | null {
  const normalized = input.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

/**
 * spec 02 §5: on leaving the field, an empty, invalid or below-3 value
 * resets to 3. Values above the maximum come back as the maximum.
 */
export function commissionOnBlur(input: string): string {
  const bps = percentToBps(input);
  if (bps === null || bps < MIN_COMMISSION_BPS) return String(MIN_COMMISSION_BPS / 100);
  if (bps > MAX_COMMISSION_BPS) return String(MAX_COMMISSION_BPS / 100);
  return input.trim();
}

/** spec 02 §5: above 10 % the form warns. */
export function isHighCommission(input: string): boolean {
  const bps = percentToBps(input);
  return bps !== null && bps > COMMISSION_WARNING_BPS;
}

export interface UnitSplit {
  buyerCents: number;
  sellerCents: number;
  platformCents: number;
}

/** What one unit brings everyone, from the shared functions the server uses; null while incomplete. */
export function unitSplit(price: string, commission: string): UnitSplit | null {
  const priceCents = parseAmountToCents(price);
  const bps = percentToBps(commission);
  if (!priceCents || bps === null || bps < MIN_COMMISSION_BPS || bps > MAX_COMMISSION_BPS) {
    return null;
  }
  const { sellerCents, platformCents } = splitCommission(commissionCents(priceCents, bps));
  return { buyerCents: buyerPriceCents(priceCents, bps), sellerCents, platformCents };
}
