import { isValidAlias, isValidCbu, normalizeCbu } from '@shared/bank-data';
import {
  adminHoldReason,
  type PayoutHoldCode,
  type PayoutHoldFound,
} from '@shared/settlements/settlements.schema';
import type { Database, Transaction } from '../../db/client';

export interface PayoutRules {
  holdDays: number;
  minimumCents: number;
  now?: Date;
  /**
   * Which of these sellers an open risk flag holds 'En revisión' (the risk
   * center, `app.risk.sellersUnderReview`); absent, nobody is held.
   */
  underReview?: (db: Database | Transaction, sellerIds: string[]) => Promise<Set<string>>;
  /** Hours payouts wait after a seller replaced their payout details (PAYOUT_DETAILS_HOLD_HOURS); absent, none. */
  detailsHoldHours?: number;
}

export const nobodyHeld = async () => new Set<string>();

/** What the rules are read from: the app's configuration and its risk center. */
interface PayoutRulesSource {
  config: {
    pay: { settlementHoldDays: number; payoutMinimumCents: number; payoutDetailsHoldHours: number };
  };
  risk: { sellersUnderReview: NonNullable<PayoutRules['underReview']> };
}

/** The rules as this app is configured: every route that says whether a seller is paid reads these. */
export function payoutRulesOf(app: PayoutRulesSource): PayoutRules {
  return {
    holdDays: app.config.pay.settlementHoldDays,
    minimumCents: app.config.pay.payoutMinimumCents,
    // Sellers with an open risk flag are held 'En revisión' and left out of batches.
    underReview: app.risk.sellersUnderReview,
    // Sellers who replaced their payout details wait before they are paid to the new ones.
    detailsHoldHours: app.config.pay.payoutDetailsHoldHours,
  };
}

/** What a seller's standing is read from: one read of their profile (profileContacts). */
export interface PayoutPerson {
  paymentMethod: 'mercadopago' | 'bank' | null;
  paymentDetails: Record<string, string>;
  bannedAt: Date | null;
  payoutDetailsChangedAt: Date | null;
}

export type PayoutDestinationFields = {
  method: 'mercadopago' | 'bank';
  fields: Record<string, string>;
};

export interface PayoutStanding {
  destination: PayoutDestinationFields | null;
  /** Every reason a batch leaves the seller out, the risk center's first; empty when none. */
  holds: PayoutHoldFound[];
  /** The first reason in the admin's words (Pagos a vendedores), or null. */
  blocked: string | null;
  /** The end of the wait after a change of payout details, while it lasts. */
  heldUntil: Date | null;
  /** A batch made now pays this seller: at least the minimum available and nothing holds them. */
  ready: boolean;
}

/**
 * The end of the wait after a seller replaced their payout details, while it
 * lasts; null once it is over or when nothing was replaced.
 */
function detailsHeldUntil(changedAt: Date | null, rules: PayoutRules): Date | null {
  const hours = rules.detailsHoldHours ?? 0;
  if (!changedAt || hours <= 0) return null;
  const until = new Date(changedAt.getTime() + hours * 3_600_000);
  return until > (rules.now ?? new Date()) ? until : null;
}

/**
 * THE computation of whether, where and why not a seller is paid: the
 * payout batch, Pagos a vendedores, Mis Cobros and the risk center's answer
 * all read it. The risk center's hold first, then the details themselves,
 * then the wait after a change of them. The details and when they changed
 * come from one read of the profile, so a batch never sees new details
 * without the wait they started.
 */
export function payoutStanding(
  person: PayoutPerson | undefined,
  underReview: boolean,
  availableCents: number,
  rules: PayoutRules,
): PayoutStanding {
  const holds: PayoutHoldFound[] = [];
  if (underReview) holds.push({ code: 'under_review' });
  if (person?.bannedAt) holds.push({ code: 'banned' });
  const { destination, problem } = payoutDestination(
    person?.paymentMethod ?? null,
    person?.paymentDetails ?? {},
  );
  if (problem) holds.push({ code: problem });
  const changedAt = person?.payoutDetailsChangedAt ?? null;
  const heldUntil = detailsHeldUntil(changedAt, rules);
  if (heldUntil) holds.push({ code: 'details_changed', changedAt, until: heldUntil });
  return {
    destination,
    holds,
    blocked: holds[0] ? adminHoldReason(holds[0]) : null,
    heldUntil,
    ready: holds.length === 0 && destination !== null && availableCents >= rules.minimumCents,
  };
}

/** What can be wrong with the payout details themselves. */
type DetailsProblem = Extract<PayoutHoldCode, 'no_details' | 'invalid_cbu' | 'invalid_email'>;

/** Where a seller's payout goes, from the details they saved, or what is wrong with them. */
export function payoutDestination(
  method: 'mercadopago' | 'bank' | null,
  details: Record<string, string>,
): {
  destination: PayoutDestinationFields | null;
  problem: DetailsProblem | null;
} {
  if (method === 'mercadopago') {
    const email = details.email?.trim() ?? '';
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
      ? { destination: { method, fields: { email } }, problem: null }
      : { destination: null, problem: 'invalid_email' };
  }
  if (method === 'bank') {
    const cbu = details.cbu ?? '';
    if (!isValidCbu(cbu)) return { destination: null, problem: 'invalid_cbu' };
    const alias = details.alias && isValidAlias(details.alias) ? details.alias : '';
    return {
      destination: { method, fields: { cbu: normalizeCbu(cbu), ...(alias ? { alias } : {}) } },
      problem: null,
    };
  }
  return { destination: null, problem: 'no_details' };
}

export function destinationLabel(destination: PayoutDestinationFields): {
  method: 'mercadopago' | 'bank';
  label: string;
} {
  return {
    method: destination.method,
    label:
      destination.method === 'mercadopago'
        ? `MercadoPago · ${destination.fields.email}`
        : `CBU ${destination.fields.cbu}${destination.fields.alias ? ` · alias ${destination.fields.alias}` : ''}`,
  };
}
