/**
 * Commission maths (spec 02 §1 and §9). Percentages are basis points
 * (1 % = 100 bps); money is integer cents. Rounding is half-up, done in
 * BigInt so no amount loses precision.
 */

/** spec 02 §9: the minimum (and default) total commission is 3 %. */
export const MIN_COMMISSION_BPS = 300;
export const DEFAULT_COMMISSION_BPS = 300;
/** spec 02 §5: above 10 % the product form warns. */
export const COMMISSION_WARNING_BPS = 1000;
/** A commission above the base price itself is not a product anyone would sell. */
export const MAX_COMMISSION_BPS = 10_000;
/** spec 02 §1: the seller keeps 75 % of the commission; the platform the rest. */
export const SELLER_SHARE_BPS = 7_500;

const BPS = 10_000n;

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents`);
  }
}

export function assertCommissionBps(bps: number): void {
  if (!Number.isInteger(bps) || bps < MIN_COMMISSION_BPS || bps > MAX_COMMISSION_BPS) {
    throw new RangeError(
      `commission must be an integer between ${MIN_COMMISSION_BPS} and ${MAX_COMMISSION_BPS} bps`,
    );
  }
}

/** round(a × b / d) half-up, for non-negative integers. */
function mulDivRound(a: bigint, b: bigint, d: bigint): bigint {
  return (a * b * 2n + d) / (2n * d);
}

/** ceil(a × b / d), for non-negative integers. */
function mulDivCeil(a: bigint, b: bigint, d: bigint): bigint {
  return (a * b + d - 1n) / d;
}

/**
 * The commission on one unit, in cents: the rate rounded half-up, but never
 * below the 3 % floor rounded up (spec 02 §9), so every priced unit carries at
 * least 1 cent and no rounding takes a commission under the minimum.
 */
export function commissionCents(baseCents: number, commissionBps: number): number {
  assertCents('baseCents', baseCents);
  assertCommissionBps(commissionBps);
  const base = BigInt(baseCents);
  const atRate = mulDivRound(base, BigInt(commissionBps), BPS);
  const floor = mulDivCeil(base, BigInt(MIN_COMMISSION_BPS), BPS);
  return Number(atRate > floor ? atRate : floor);
}

/** spec 02 §9: the price a buyer pays = base × (1 + commission). */
export function buyerPriceCents(baseCents: number, commissionBps: number): number {
  return baseCents + commissionCents(baseCents, commissionBps);
}

export interface CommissionSplit {
  sellerCents: number;
  platformCents: number;
}

/** spec 02 §1: 75 % of the commission to the seller, the remainder to the platform. */
export function splitCommission(commission: number): CommissionSplit {
  assertCents('commission', commission);
  const sellerCents = Number(mulDivRound(BigInt(commission), BigInt(SELLER_SHARE_BPS), BPS));
  return { sellerCents, platformCents: commission - sellerCents };
}

export interface OrderAmounts {
  /** What the buyer pays. */
  totalCents: number;
  /** The base price: the company's earnings. */
  companyCents: number;
  /** The seller's 75 % of the commission. */
  sellerCents: number;
  /** The platform's 25 % of the commission. */
  platformCents: number;
}

/**
 * Amounts of an order of `quantity` units. The commission is rounded per unit,
 * so the total is always the unit price shown to the buyer times the quantity,
 * and total = company + seller + platform to the cent.
 */
export function orderAmounts(baseCents: number, commissionBps: number, quantity = 1): OrderAmounts {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new RangeError('quantity must be a positive integer');
  }
  const unitCommission = commissionCents(baseCents, commissionBps);
  const companyCents = baseCents * quantity;
  const commission = unitCommission * quantity;
  const { sellerCents, platformCents } = splitCommission(commission);
  const totalCents = companyCents + commission;
  if (!Number.isSafeInteger(totalCents)) throw new RangeError('order total is too large');
  return { totalCents, companyCents, sellerCents, platformCents };
}

/** Converts the spec's fraction (0.03) to basis points (300); missing → the default. */
export function fractionToBps(fraction: number | null | undefined): number {
  if (fraction == null || !Number.isFinite(fraction)) return DEFAULT_COMMISSION_BPS;
  return Math.round(fraction * 10_000);
}

/** Basis points to a percentage for people: 350 → "3,5 %". */
export function formatBpsAsPercent(bps: number): string {
  const pct = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 }).format(bps / 100);
  return `${pct} %`;
}
