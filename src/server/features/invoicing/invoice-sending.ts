import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { argentineDay } from '@shared/time';
import type { Database } from '../../db/client';
import type { ArcaInvoicing, VoucherRequest, VoucherResult, VoucherType } from './arca/arca-types';
import { fromArcaDate, receiverConditionId, toArcaDate } from './invoice-rules';
import { paymentDue, servicePeriod } from './invoice-pdf-data';
import { tellInvoiceAuthorized } from './invoice-notices';
import type { InvoiceRow } from './invoice-requests';
import { arcaSequences, invoices } from './invoicing.table';

/** Longer than one document's calls take (three SOAP calls of at most 30 s each). */
const SEQUENCE_LEASE_MS = 120_000;

export interface SendContext {
  db: Database;
  arca: ArcaInvoicing;
  now: () => Date;
  onError?: (error: unknown, invoiceId: string) => void;
}

export interface SendTally {
  authorized: number;
  rejected: number;
  pending: number;
}

/**
 * Sends every pending document to ARCA, one point of sale and voucher type at
 * a time under a lease (`arca_sequences`), so two instances never ask for the
 * same next number. Documents whose answer was lost (a number already given)
 * go first and are looked up before anything is sent again. A sequence stops
 * at the first unanswered call: its later numbers depend on that one.
 */
export async function sendPending(context: SendContext): Promise<SendTally> {
  const tally: SendTally = { authorized: 0, rejected: 0, pending: 0 };
  const sequences = await context.db
    .selectDistinct({ pointOfSale: invoices.pointOfSale, voucherType: invoices.voucherType })
    .from(invoices)
    .where(eq(invoices.status, 'pending'));
  for (const sequence of sequences) {
    const holder = randomUUID();
    if (!(await takeSequence(context.db, sequence, holder))) continue;
    try {
      await sendSequence(context, sequence, holder, tally);
    } finally {
      await releaseSequence(context.db, sequence, holder);
    }
  }
  const [left] = await context.db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(eq(invoices.status, 'pending'));
  tally.pending = left?.count ?? 0;
  return tally;
}

interface Sequence {
  pointOfSale: number;
  voucherType: number;
}

async function sendSequence(
  context: SendContext,
  sequence: Sequence,
  holder: string,
  tally: SendTally,
): Promise<void> {
  for (;;) {
    const [invoice] = await context.db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.status, 'pending'),
          eq(invoices.pointOfSale, sequence.pointOfSale),
          eq(invoices.voucherType, sequence.voucherType),
        ),
      )
      .orderBy(sql`${invoices.number} is null`, asc(invoices.number), asc(invoices.createdAt))
      .limit(1);
    if (!invoice) return;
    if (!(await takeSequence(context.db, sequence, holder))) return;
    try {
      const outcome = await sendOne(context, invoice);
      if (outcome === 'authorized') tally.authorized += 1;
      if (outcome === 'rejected') tally.rejected += 1;
    } catch (error) {
      context.onError?.(error, invoice.id);
      return;
    }
  }
}

/**
 * One document: its number is written before it is sent, so a lost answer
 * leaves the number on the document and the next attempt asks ARCA about it
 * (FECompConsultar) instead of issuing it a second time.
 */
async function sendOne(
  context: SendContext,
  invoice: InvoiceRow,
): Promise<'authorized' | 'rejected'> {
  const { arca, db } = context;
  const type = invoice.voucherType as VoucherType;
  if (invoice.number !== null) {
    const held = await arca.lookup(invoice.pointOfSale, type, invoice.number);
    if (
      held &&
      held.docNumber === invoice.receiverTaxId &&
      held.totalCents === invoice.totalCents
    ) {
      await recordAuthorized(db, invoice, {
        cae: held.cae,
        caeDue: fromArcaDate(held.caeDue),
        issueDate: fromArcaDate(held.issueDate),
        observations: [],
      });
      return 'authorized';
    }
  }
  const last = await arca.lastAuthorized(invoice.pointOfSale, type);
  const number = last + 1;
  const issueDate = argentineDay(context.now());
  const [numbered] = await db
    .update(invoices)
    .set({
      number,
      issueDate,
      sentAt: context.now(),
      attempts: sql`${invoices.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'pending')))
    .returning();
  if (!numbered) throw new Error(`Invoice ${invoice.id} stopped being pending while it was sent`);
  const request = await voucherRequest(db, numbered);
  const result = await arca.authorize(request);
  if (result.result === 'A' && result.cae && result.caeDue) {
    await recordAuthorized(db, numbered, {
      cae: result.cae,
      caeDue: fromArcaDate(result.caeDue),
      issueDate,
      observations: result.observations,
    });
    return 'authorized';
  }
  await recordRejected(db, numbered, result);
  return 'rejected';
}

/** FECAESolicitar's detail for a stored document, its receiver as stored. */
async function voucherRequest(db: Database, invoice: InvoiceRow): Promise<VoucherRequest> {
  const period = servicePeriod(invoice.month);
  const issueDate = invoice.issueDate!;
  const associated = invoice.associatedInvoiceId
    ? (await db.select().from(invoices).where(eq(invoices.id, invoice.associatedInvoiceId)))[0]
    : undefined;
  return {
    pointOfSale: invoice.pointOfSale,
    type: invoice.voucherType as VoucherType,
    number: invoice.number!,
    concept: 2,
    docType: 80,
    docNumber: invoice.receiverTaxId,
    receiverVatConditionId: receiverConditionId(invoice.receiverTaxCondition),
    issueDate: toArcaDate(issueDate),
    serviceFrom: toArcaDate(period.from),
    serviceTo: toArcaDate(period.to),
    paymentDue: toArcaDate(paymentDue(issueDate)),
    totalCents: invoice.totalCents,
    netCents: invoice.netCents,
    vatCents: invoice.vatCents,
    vat:
      invoice.letter === 'C'
        ? null
        : { id: 5, baseCents: invoice.netCents, amountCents: invoice.vatCents },
    associated: associated
      ? {
          type: associated.voucherType as VoucherType,
          pointOfSale: associated.pointOfSale,
          number: associated.number!,
          cuit: associated.issuerTaxId,
          issueDate: toArcaDate(associated.issueDate!),
        }
      : null,
  };
}

async function recordAuthorized(
  db: Database,
  invoice: InvoiceRow,
  answer: {
    cae: string;
    caeDue: string;
    issueDate: string;
    observations: VoucherResult['observations'];
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(invoices)
      .set({
        status: 'authorized',
        cae: answer.cae,
        caeDue: answer.caeDue,
        issueDate: answer.issueDate,
        observations: answer.observations,
        issuedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'pending')))
      .returning();
    if (done) await tellInvoiceAuthorized(tx, done);
  });
}

/** A refusal keeps ARCA's words; the number was not used, so it is given back. */
async function recordRejected(
  db: Database,
  invoice: InvoiceRow,
  result: VoucherResult,
): Promise<void> {
  await db
    .update(invoices)
    .set({
      status: 'rejected',
      number: null,
      observations: result.observations,
      updatedAt: sql`now()`,
    })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'pending')));
}

/** Takes or renews the sequence's lease: free, lapsed, or already this holder's. */
async function takeSequence(db: Database, sequence: Sequence, holder: string): Promise<boolean> {
  await db.insert(arcaSequences).values(sequence).onConflictDoNothing();
  const taken = await db
    .update(arcaSequences)
    .set({
      leasedBy: holder,
      leasedUntil: sql`now() + ${`${SEQUENCE_LEASE_MS} milliseconds`}::interval`,
    })
    .where(
      and(
        eq(arcaSequences.pointOfSale, sequence.pointOfSale),
        eq(arcaSequences.voucherType, sequence.voucherType),
        or(
          isNull(arcaSequences.leasedUntil),
          lt(arcaSequences.leasedUntil, sql`now()`),
          eq(arcaSequences.leasedBy, holder),
        ),
      ),
    )
    .returning({ pointOfSale: arcaSequences.pointOfSale });
  return taken.length === 1;
}

async function releaseSequence(db: Database, sequence: Sequence, holder: string): Promise<void> {
  await db
    .update(arcaSequences)
    .set({ leasedBy: null, leasedUntil: null })
    .where(
      and(
        eq(arcaSequences.pointOfSale, sequence.pointOfSale),
        eq(arcaSequences.voucherType, sequence.voucherType),
        eq(arcaSequences.leasedBy, holder),
      ),
    );
}
