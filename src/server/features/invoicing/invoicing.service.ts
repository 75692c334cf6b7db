import { and, desc, eq, isNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import {
  INVOICING_MESSAGES,
  type AdminInvoiceQuery,
  type Invoice,
  type InvoiceRunResult,
  type InvoiceWaiting,
} from '@shared/invoicing/invoicing.schema';
import { argentineMonth, argentineMonthStart, argentineTime, nextMonth } from '@shared/time';
import { invoiceName, voucherNumber } from '@shared/invoicing/voucher-number';
import type { InvoicingConfig } from '../../config/arca-config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { scopeCondition, type CompanyScope, type PlatformScope } from '../../lib/scope';
import { argentineMonthSql } from '../../lib/sql-time';
import { recordAudit } from '../audit/audit.service';
import { companyLegalNames, companyTaxData } from '../profiles/company-profile.service';
import { ledgerEntries } from '../settlements/ledger.table';
import type { ArcaInvoicing } from './arca/arca-types';
import { renderInvoicePdf } from './invoice-pdf';
import {
  companiesToInvoice,
  latestInvoice,
  requestCompanyMonth,
  type InvoiceRow,
  type Issuer,
} from './invoice-requests';
import { letterFor, vatSplit, voucherTypeOf } from './invoice-rules';
import { sendPending, type SendTally } from './invoice-sending';
import { invoiceEntries, invoices } from './invoicing.table';

/** What the run needs: the database, the configuration, and ARCA when it is configured. */
export interface InvoicingContext {
  db: Database;
  config: InvoicingConfig;
  arca: ArcaInvoicing | null;
  now: () => Date;
  onError?: (error: unknown, invoiceId: string) => void;
}

type Scope = CompanyScope | PlatformScope;

/** Who asked (the admin's run and retry are audited). */
export interface Actor {
  id: string;
  name: string;
}

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.receiverLegalName,
    month: row.month,
    kind: row.kind,
    letter: row.letter,
    point_of_sale: row.pointOfSale,
    number: row.number,
    total_cents: row.totalCents,
    net_cents: row.netCents,
    vat_cents: row.vatCents,
    cae: row.cae,
    cae_due: row.caeDue,
    status: row.status,
    observations: row.observations,
    issued_at: row.issuedAt?.toISOString() ?? null,
  };
}

/** A company's documents, or the admin's with its filters; newest month first. */
export async function listInvoices(
  db: Database,
  scope: Scope,
  query: AdminInvoiceQuery = {},
): Promise<Invoice[]> {
  const conditions: (SQL | undefined)[] = [
    scopeCondition(scope, { company: invoices.companyId }),
    query.month ? eq(invoices.month, query.month) : undefined,
    query.status ? eq(invoices.status, query.status) : undefined,
    query.company_id ? eq(invoices.companyId, query.company_id) : undefined,
  ];
  const rows = await db
    .select()
    .from(invoices)
    .where(and(...conditions))
    .orderBy(desc(invoices.month), desc(invoices.createdAt))
    .limit(500);
  return rows.map(toInvoice);
}

/** One document inside the scope; another company's is not found. */
export async function findInvoice(db: Database, scope: Scope, id: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), scopeCondition(scope, { company: invoices.companyId })));
  if (!row) throw AppError.notFound(INVOICING_MESSAGES.invoiceNotFound);
  return row;
}

/** The printable document (authorized only: 409 otherwise). */
export async function invoicePdf(
  db: Database,
  config: InvoicingConfig,
  scope: Scope,
  id: string,
): Promise<{ name: string; body: Buffer }> {
  const row = await findInvoice(db, scope, id);
  const associated = row.associatedInvoiceId
    ? ((await db.select().from(invoices).where(eq(invoices.id, row.associatedInvoiceId)))[0] ??
      null)
    : null;
  const body = await renderInvoicePdf({ ...row, issuer: config.issuer, associated });
  const number = `${row.letter}-${voucherNumber(row.pointOfSale, row.number)}`;
  const label = row.kind === 'invoice' ? 'factura' : 'nota-de-credito';
  return { name: `${label}-${number}.pdf`, body };
}

function issuerOf(config: InvoicingConfig): Issuer | null {
  if (!config.arca) return null;
  return {
    cuit: config.arca.cuit,
    taxCondition: config.taxCondition,
    pointOfSale: config.arca.pointOfSale,
  };
}

/**
 * A month now (the admin's 'Facturar mes', the current month allowed): each
 * company's entries of the month on no document become its document, then
 * every pending document is sent to ARCA.
 */
export async function runMonth(
  context: InvoicingContext,
  scope: PlatformScope,
  month: string,
  actor: Actor,
): Promise<InvoiceRunResult> {
  if (month > argentineMonth(context.now())) {
    throw AppError.validation(INVOICING_MESSAGES.futureMonth, {
      month: INVOICING_MESSAGES.futureMonth,
    });
  }
  const issuer = issuerOf(context.config);
  if (!issuer || !context.arca) {
    const waiting = await waitingMonths(context, scope);
    return {
      month,
      configured: false,
      created: [],
      authorized: 0,
      rejected: 0,
      pending: 0,
      waiting: waiting.filter((item) => item.month === month),
    };
  }
  const { made, waiting } = await requestMonth(context.db, issuer, month);
  await recordAudit(context.db, {
    actorId: actor.id,
    actorName: actor.name,
    action: 'invoicing.month_run',
    targetType: 'invoicing_month',
    targetId: month,
    after: {
      documents: made.length,
      total_cents: made.reduce(
        (total, row) => total + (row.kind === 'invoice' ? row.totalCents : -row.totalCents),
        0,
      ),
    },
  });
  const tally = await send(context);
  const ids = new Set(made.map((row) => row.id));
  const created = ids.size
    ? (await listInvoices(context.db, scope, { month })).filter((invoice) => ids.has(invoice.id))
    : [];
  return { month, configured: true, created, ...tally, waiting: await named(context.db, waiting) };
}

async function requestMonth(db: Database, issuer: Issuer, month: string) {
  const made: InvoiceRow[] = [];
  const waiting: Omit<InvoiceWaiting, 'company_name'>[] = [];
  for (const { companyId } of await companiesToInvoice(db, month)) {
    const outcome = await requestCompanyMonth(
      db,
      issuer,
      { kind: 'company', id: companyId },
      month,
    );
    if ('made' in outcome) made.push(outcome.made);
    if ('waiting' in outcome) {
      const { platformCents, reason } = outcome.waiting;
      waiting.push({ company_id: companyId, month, platform_cents: platformCents, reason });
    }
  }
  return { made, waiting };
}

function send(context: InvoicingContext): Promise<SendTally> {
  return sendPending({
    db: context.db,
    arca: context.arca!,
    now: context.now,
    ...(context.onError ? { onError: context.onError } : {}),
  });
}

/**
 * The scheduled run (every 15 minutes on each instance): every month over
 * since 06:00 of the next month's first day gets its documents (so a company
 * that completed its tax data is invoiced without waiting a month), then the
 * pending documents are sent. Entries already on a document are never taken
 * again, so instances running it at once make each document once.
 */
export async function scheduledRun(context: InvoicingContext): Promise<SendTally | null> {
  const issuer = issuerOf(context.config);
  if (!issuer || !context.arca) return null;
  const now = context.now();
  const due = (await uninvoicedMonths(context.db)).filter(
    (month) => argentineTime(`${nextMonth(month)}-01`, '06:00') <= now,
  );
  for (const month of due) await requestMonth(context.db, issuer, month);
  return send(context);
}

/**
 * 'Reintentar': a refused document goes again with the company's current tax
 * data (its letter follows the condition); a pending one is looked up and
 * sent. Answers the document after the attempt.
 */
export async function retryInvoice(
  context: InvoicingContext,
  scope: PlatformScope,
  id: string,
  actor: Actor,
): Promise<Invoice> {
  const row = await findInvoice(context.db, scope, id);
  if (row.status === 'authorized') throw AppError.conflict(INVOICING_MESSAGES.notRetryable);
  if (!context.arca || !context.config.arca) {
    throw AppError.conflict(INVOICING_MESSAGES.notConfigured);
  }
  if (row.status === 'rejected') await refreshRejected(context, row);
  await send(context);
  const after = toInvoice(await findInvoice(context.db, scope, id));
  await recordAudit(context.db, {
    actorId: actor.id,
    actorName: actor.name,
    action: 'invoicing.retried',
    targetType: 'invoice',
    targetId: id,
    after: { invoice_number: invoiceName(after) },
  });
  return after;
}

async function refreshRejected(context: InvoicingContext, row: InvoiceRow): Promise<void> {
  const company: CompanyScope = { kind: 'company', id: row.companyId };
  const receiver = await companyTaxData(context.db, company);
  if (!receiver) throw AppError.conflict(INVOICING_MESSAGES.missingTaxData);
  const associated = row.kind === 'credit_note' ? await latestInvoice(context.db, company) : null;
  if (row.kind === 'credit_note' && !associated) {
    throw AppError.conflict(INVOICING_MESSAGES.noInvoiceToAssociate);
  }
  const letter = letterFor(context.config.taxCondition, receiver.taxCondition);
  await context.db
    .update(invoices)
    .set({
      status: 'pending',
      letter,
      voucherType: voucherTypeOf(letter, row.kind),
      pointOfSale: context.config.arca!.pointOfSale,
      ...vatSplit(row.totalCents, letter),
      issuerTaxId: context.config.arca!.cuit,
      issuerTaxCondition: context.config.taxCondition,
      receiverLegalName: receiver.legalName,
      receiverTaxId: receiver.taxId,
      receiverTaxCondition: receiver.taxCondition,
      associatedInvoiceId: associated?.id ?? null,
      observations: [],
      updatedAt: sql`now()`,
    })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, 'rejected')));
}

/** Months with platform entries on no document, oldest first. */
async function uninvoicedMonths(db: Database): Promise<string[]> {
  const month = argentineMonthSql(ledgerEntries.createdAt);
  const rows = await db
    .selectDistinct({ month })
    .from(ledgerEntries)
    .leftJoin(invoiceEntries, eq(invoiceEntries.ledgerEntryId, ledgerEntries.id))
    .where(and(eq(ledgerEntries.party, 'platform'), isNull(invoiceEntries.ledgerEntryId)))
    .orderBy(month);
  return rows.map((row) => row.month);
}

/**
 * Each company's months with commission on no document, and why they wait:
 * invoicing off, tax data missing, a credit note with no invoice to go on,
 * the month still open, or the next run.
 */
export async function waitingMonths(
  context: InvoicingContext,
  // Every company's months: the admin's question only.
  _scope: PlatformScope,
): Promise<InvoiceWaiting[]> {
  const month = argentineMonthSql(ledgerEntries.createdAt);
  const current = argentineMonth(context.now());
  const rows = await context.db
    .select({ companyId: ledgerEntries.companyId, month, total: sum(ledgerEntries.amountCents) })
    .from(ledgerEntries)
    .leftJoin(invoiceEntries, eq(invoiceEntries.ledgerEntryId, ledgerEntries.id))
    .where(
      and(
        eq(ledgerEntries.party, 'platform'),
        isNull(invoiceEntries.ledgerEntryId),
        lt(ledgerEntries.createdAt, argentineMonthStart(nextMonth(current))),
      ),
    )
    .groupBy(ledgerEntries.companyId, month)
    .orderBy(month, ledgerEntries.companyId);
  const waiting: Omit<InvoiceWaiting, 'company_name'>[] = [];
  for (const row of rows) {
    const platformCents = Number(row.total ?? 0);
    if (platformCents === 0) continue;
    const company: CompanyScope = { kind: 'company', id: row.companyId };
    waiting.push({
      company_id: row.companyId,
      month: row.month,
      platform_cents: platformCents,
      reason: await reasonToWait(context, company, row.month, platformCents, current),
    });
  }
  return named(context.db, waiting);
}

async function reasonToWait(
  context: InvoicingContext,
  company: CompanyScope,
  month: string,
  platformCents: number,
  current: string,
): Promise<string> {
  if (!context.config.arca) return INVOICING_MESSAGES.notConfigured;
  if (!(await companyTaxData(context.db, company))) return INVOICING_MESSAGES.missingTaxData;
  if (platformCents < 0 && !(await latestInvoice(context.db, company))) {
    return INVOICING_MESSAGES.noInvoiceToAssociate;
  }
  return month === current ? INVOICING_MESSAGES.monthOpen : INVOICING_MESSAGES.nextRun;
}

/** Adds each company's name (its legal name, else the name it trades under). */
async function named(
  db: Database,
  waiting: Omit<InvoiceWaiting, 'company_name'>[],
): Promise<InvoiceWaiting[]> {
  const names = await companyLegalNames(
    db,
    waiting.map((item) => item.company_id),
  );
  return waiting.map((item) => ({ ...item, company_name: names.get(item.company_id) ?? '' }));
}
