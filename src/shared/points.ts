/**
 * The points rule (API.md "Points"): an order that is approved or delivered
 * awards its seller 10 points plus 1 point per whole $1.000 of the seller's
 * commission on it, and counts as one sale. Leaving those statuses takes
 * exactly those points and that sale back.
 */
export const POINTS_PER_SALE = 10;
/** $1.000 in cents. */
export const CENTS_PER_BONUS_POINT = 100_000;

export function pointsForOrder(sellerCents: number): number {
  if (!Number.isSafeInteger(sellerCents) || sellerCents < 0) {
    throw new RangeError('sellerCents must be a non-negative integer');
  }
  return POINTS_PER_SALE + Math.floor(sellerCents / CENTS_PER_BONUS_POINT);
}
