import type { TaxCondition } from '@shared/company/company-settings.schema';
import type {
  InvoiceKind,
  InvoiceLetter,
  PlatformTaxCondition,
} from '@shared/invoicing/invoicing.schema';
import type { ReceiverVatConditionId, VoucherType } from './arca/arca-types';

/**
 * The fiscal choices of the platform's documents (docs/invoicing.md "What an
 * accountant should confirm"), each in one place: which letter a receiver
 * gets, how a VAT-included total splits into net and VAT, and which voucher
 * type and receiver condition ARCA is told.
 */

/** A responsable inscripto issues A to whoever can take a tax credit (RI, monotributo), B to the rest; a monotributista issues C. */
export function letterFor(platform: PlatformTaxCondition, receiver: TaxCondition): InvoiceLetter {
  if (platform === 'monotributo') return 'C';
  return receiver === 'responsable_inscripto' || receiver === 'monotributo' ? 'A' : 'B';
}

const VOUCHER_TYPES: Record<InvoiceLetter, Record<InvoiceKind, VoucherType>> = {
  A: { invoice: 1, credit_note: 3 },
  B: { invoice: 6, credit_note: 8 },
  C: { invoice: 11, credit_note: 13 },
};

/** ARCA's CbteTipo for a letter and kind. */
export function voucherTypeOf(letter: InvoiceLetter, kind: InvoiceKind): VoucherType {
  return VOUCHER_TYPES[letter][kind];
}

const RECEIVER_CONDITION_IDS: Record<TaxCondition, ReceiverVatConditionId> = {
  responsable_inscripto: 1,
  monotributo: 6,
  exento: 4,
  consumidor_final: 5,
};

/** CondicionIVAReceptorId (RG 5616): 1 RI, 6 monotributo, 4 exento, 5 consumidor final. */
export function receiverConditionId(condition: TaxCondition): ReceiverVatConditionId {
  return RECEIVER_CONDITION_IDS[condition];
}

/** The VAT rate of A and B, as the fraction 21/100. */
const VAT_NUMERATOR = 21;
const VAT_DENOMINATOR = 100;

/**
 * A VAT-included total split into net and VAT 21 %: net = round(total / 1.21)
 * to the cent (half up, in integers), VAT = total − net, so net + VAT is the
 * total exactly. Letter C carries no VAT: the net is the total.
 */
export function vatSplit(
  totalCents: number,
  letter: InvoiceLetter,
): { netCents: number; vatCents: number } {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) {
    throw new RangeError(`A document's total must be a positive whole number of cents`);
  }
  if (letter === 'C') return { netCents: totalCents, vatCents: 0 };
  const divisor = VAT_DENOMINATOR + VAT_NUMERATOR; // 121
  const netCents = Math.floor((totalCents * VAT_DENOMINATOR * 2 + divisor) / (divisor * 2));
  return { netCents, vatCents: totalCents - netCents };
}

/** The document's kind from the sign of what the month's entries add up to; zero makes none. */
export function kindOfSum(sumCents: number): InvoiceKind | null {
  if (sumCents > 0) return 'invoice';
  if (sumCents < 0) return 'credit_note';
  return null;
}

/** `YYYY-MM-DD` as ARCA writes dates (`YYYYMMDD`), and back. */
export function toArcaDate(day: string): string {
  return day.replaceAll('-', '');
}

export function fromArcaDate(date: string): string {
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
}
