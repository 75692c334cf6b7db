import { countsAsSale, ORDER_STATUSES, type OrderStatus } from '../order-status';

/**
 * What one step of an order did to the seller's commission, the way the
 * seller's figures count it (approved and delivered orders only):
 * - `earned`: the order counts (approved, delivered): green, with a +;
 * - `pending`: not paid yet: neutral, no sign;
 * - `taken_back`: it counted and stopped counting (refunded, or moved back
 *   to pending): red, with a −;
 * - `none`: it never counted (expired, or refunded before it was paid): struck through.
 */
export type CommissionEffect = 'earned' | 'pending' | 'taken_back' | 'none';

const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (ORDER_STATUSES as readonly string[]).includes(value);

export function commissionEffect(status: string, previous: string | null): CommissionEffect {
  const counts = isStatus(status) && countsAsSale(status);
  const counted = isStatus(previous) && countsAsSale(previous);
  if (counts) return 'earned';
  if (counted) return 'taken_back';
  return status === 'pending_payment' || status === 'pending_transfer' ? 'pending' : 'none';
}

/** The sign the amount carries on screen: «+», «−» (a minus sign) or none. */
export const COMMISSION_SIGNS: Record<CommissionEffect, string> = {
  earned: '+',
  pending: '',
  taken_back: '−',
  none: '',
};

/** Words for screen readers, which do not see the colour or the strike. */
export const COMMISSION_EFFECT_LABELS: Record<CommissionEffect, string> = {
  earned: 'Comisión ganada',
  pending: 'Comisión pendiente de pago',
  taken_back: 'Comisión descontada',
  none: 'Sin comisión',
};
