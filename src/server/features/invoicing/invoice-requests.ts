import { and, desc, eq, gte, isNull, lt, sql, sum } from 'drizzle-orm';
import { INVOICING_MESSAGES, type PlatformTaxCondition } from '@shared/invoicing/invoicing.schema';
import { argentineMonthStart, nextMonth } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import type { CompanyScope } from '../../lib/scope';
import { companyTaxData } from '../profiles/company-profile.service';
import { ledgerEntries } from '../settlements/ledger.table';
import { kindOfSum, letterFor, vatSplit, voucherTypeOf } from './invoice-rules';
import { tellMissingTaxData } from './invoice-notices';
import { invoiceEntries, invoices } from './invoicing.table';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Who issues the documents: the configured platform. */
export interface Issuer {
  cuit: string;
  taxCondition: PlatformTaxCondition;
  pointOfSale: number;
}

/** A company's month that made no document, and why. */
export interface WaitingMonth {
  companyId: string;
  month: string;
  platformCents: number;
  reason: string;
}

export type RequestOutcome = { made: InvoiceRow } | { waiting: WaitingMonth } | { nothing: true };

/** The platform entries of an Argentine month that are on no document yet. */
function uninvoicedOfMonth(month: string) {
  return and(
    eq(ledgerEntries.party, 'platform'),
    isNull(invoiceEntries.ledgerEntryId),
    gte(ledgerEntries.createdAt, argentineMonthStart(month)),
    lt(ledgerEntries.createdAt, argentineMonthStart(nextMonth(month))),
  );
}

/** The companies with entries of the month on no document, with what those add up to. */
export async function companiesToInvoice(
  db: Database,
  month: string,
): Promise<{ companyId: string; platformCents: number }[]> {
  const rows = await db
    .select({ companyId: ledgerEntries.companyId, total: sum(ledgerEntries.amountCents) })
    .from(ledgerEntries)
    .leftJoin(invoiceEntries, eq(invoiceEntries.ledgerEntryId, ledgerEntries.id))
    .where(uninvoicedOfMonth(month))
    .groupBy(ledgerEntries.companyId)
    .orderBy(ledgerEntries.companyId);
  return rows.map((row) => ({ companyId: row.companyId, platformCents: Number(row.total ?? 0) }));
}

/**
 * One company's document for a month: the entries on no document are added
 * up and, in the same transaction, a positive sum becomes an invoice and a
 * negative one a credit note on the company's latest authorized invoice, and
 * every entry is tied to it (`invoice_entries`). A lock per company makes a
 * second run (another instance, the admin at the same moment) wait and then
 * find the entries taken, so no entry is on two documents.
 */
export async function requestCompanyMonth(
  db: Database,
  issuer: Issuer,
  company: CompanyScope,
  month: string,
): Promise<RequestOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`invoicing:${company.id}`}, 0))`,
    );
    const entries = await tx
      .select({ id: ledgerEntries.id, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .leftJoin(invoiceEntries, eq(invoiceEntries.ledgerEntryId, ledgerEntries.id))
      .where(and(eq(ledgerEntries.companyId, company.id), uninvoicedOfMonth(month)));
    const platformCents = entries.reduce((total, entry) => total + entry.amountCents, 0);
    const kind = kindOfSum(platformCents);
    if (!kind) return { nothing: true };
    const waiting = (reason: string) => ({
      waiting: { companyId: company.id, month, platformCents, reason },
    });

    const receiver = await companyTaxData(tx, company);
    if (!receiver) {
      await tellMissingTaxData(tx, company);
      return waiting(INVOICING_MESSAGES.missingTaxData);
    }
    const associated = kind === 'credit_note' ? await latestInvoice(tx, company) : null;
    if (kind === 'credit_note' && !associated) {
      return waiting(INVOICING_MESSAGES.noInvoiceToAssociate);
    }

    const letter = letterFor(issuer.taxCondition, receiver.taxCondition);
    const totalCents = Math.abs(platformCents);
    const [made] = await tx
      .insert(invoices)
      .values({
        companyId: company.id,
        month,
        kind,
        letter,
        voucherType: voucherTypeOf(letter, kind),
        pointOfSale: issuer.pointOfSale,
        totalCents,
        ...vatSplit(totalCents, letter),
        issuerTaxId: issuer.cuit,
        issuerTaxCondition: issuer.taxCondition,
        receiverLegalName: receiver.legalName,
        receiverTaxId: receiver.taxId,
        receiverTaxCondition: receiver.taxCondition,
        associatedInvoiceId: associated?.id ?? null,
      })
      .returning();
    await tx
      .insert(invoiceEntries)
      .values(entries.map((entry) => ({ ledgerEntryId: entry.id, invoiceId: made!.id })));
    return { made: made! };
  });
}

/** The invoice a credit note is associated with: the company's latest one ARCA authorized. */
export async function latestInvoice(
  tx: Database | Transaction,
  company: CompanyScope,
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, company.id),
        eq(invoices.kind, 'invoice'),
        eq(invoices.status, 'authorized'),
      ),
    )
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(1);
  return row ?? null;
}
