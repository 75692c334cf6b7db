import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type {
  CompanyBalances,
  Statement,
  StatementLine,
  StatementList,
} from '@shared/settlements/settlements.schema';
import { SETTLEMENT_MESSAGES } from '@shared/settlements/settlements.schema';
import { formatArs } from '@shared/money';
import {
  argentineDay,
  argentineMonth,
  argentineMonthStart,
  nextMonth,
  previousMonth,
} from '@shared/time';
import type { Database } from '../../db/client';
import type { CompanyScope, PlatformScope } from '../../lib/scope';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { sendNotice } from '../notifications/notifications.service';
import { orderSummaries } from '../orders/orders-query.service';
import { profileContacts, profileIdsWithRole } from '../profiles/profiles.service';
import { companyPayments } from './company-payments.table';
import { companyBalance, companyBalances } from './balances.service';
import { companyMonths, monthStatementFigures } from './month-balances';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { ledgerEntries } from './ledger.table';

const monthStart = argentineMonthStart;

/** A company's months, newest first, each with what it added, what was paid and what remained. */
export async function statementList(
  db: Database,
  scope: CompanyScope,
  now = new Date(),
): Promise<StatementList> {
  const [balance, months] = await Promise.all([
    companyBalance(db, scope),
    companyMonths(db, scope),
  ]);
  const current = argentineMonth(now);
  // The balance is the company's (balances.service); each month's closing is
  // what remained once that month was over, counted back from it.
  let closing = balance.balanceCents;
  const list = [...months.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, figures]) => {
      const owed = figures.sellersCents + figures.platformCents;
      const row = {
        month,
        owed_cents: owed,
        sellers_cents: figures.sellersCents,
        platform_cents: figures.platformCents,
        paid_cents: figures.paidCents,
        collected_cents: figures.collectedCents,
        closing_cents: closing,
        closed: month < current,
      };
      closing -= owed - figures.paidCents;
      return row;
    });
  return { balance_cents: balance.balanceCents, months: list };
}

/** One month of a company: every order's entries, per seller, the payments, and the balances. */
export async function companyStatement(
  db: Database,
  scope: CompanyScope,
  month: string,
  now = new Date(),
): Promise<Statement> {
  const companyId = scope.id;
  const start = monthStart(month);
  const end = monthStart(nextMonth(month));
  const [opening, entries, payments, contacts] = await Promise.all([
    companyBalance(db, scope, { before: month }),
    db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.companyId, companyId),
          gte(ledgerEntries.createdAt, start),
          lt(ledgerEntries.createdAt, end),
        ),
      )
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
    db
      .select()
      .from(companyPayments)
      .where(
        and(
          eq(companyPayments.companyId, companyId),
          gte(companyPayments.paidOn, `${month}-01`),
          lt(companyPayments.paidOn, `${nextMonth(month)}-01`),
        ),
      )
      .orderBy(asc(companyPayments.paidOn), asc(companyPayments.id)),
    profileContacts(db, [companyId]),
  ]);
  const company = contacts.get(companyId);
  if (!company) throw AppError.notFound(SETTLEMENT_MESSAGES.companyNotFound);

  const people = await profileContacts(db, [
    ...entries.flatMap((entry) => (entry.sellerId ? [entry.sellerId] : [])),
    ...payments.map((payment) => payment.recordedBy),
  ]);
  const summaries = await orderSummaries(
    db,
    entries.map((entry) => entry.orderId),
  );
  const figures = monthStatementFigures(entries, payments);
  const lines: StatementLine[] = figures.lines.map((line) => {
    const summary = summaries.get(line.orderId);
    return {
      order_id: line.orderId,
      reference: summary?.reference ?? '',
      product_title: summary?.productTitle ?? '',
      seller_name: line.sellerId ? (people.get(line.sellerId)?.name ?? null) : null,
      kind: line.kind,
      at: line.at.toISOString(),
      seller_cents: line.sellerCents,
      platform_cents: line.platformCents,
      total_cents: line.totalCents,
    };
  });
  const { owedCents: owed, paidCents: paid, collectedCents: collected } = figures;
  const openingCents = opening.balanceCents;
  return {
    company: { id: companyId, name: company.company ?? company.name },
    month,
    opening_cents: openingCents,
    owed_cents: owed,
    paid_cents: paid,
    closing_cents: openingCents + owed - paid,
    closed: month < argentineMonth(now),
    collected_cents: collected,
    sellers: [...figures.sellers.entries()]
      .map(([sellerId, amount]) => ({
        seller_id: sellerId,
        name: people.get(sellerId)?.name ?? '',
        amount_cents: amount,
      }))
      .sort((a, b) => b.amount_cents - a.amount_cents || a.name.localeCompare(b.name)),
    platform_cents: figures.platformCents,
    lines,
    payments: payments.map((payment) => ({
      id: payment.id,
      amount_cents: payment.amountCents,
      paid_on: payment.paidOn,
      reference: payment.reference,
      recorded_by_name: people.get(payment.recordedBy)?.name ?? null,
      created_at: payment.createdAt.toISOString(),
    })),
  };
}

/** Every company that ever owed something, with what it owes now; the largest balance first. */
export async function adminCompanyBalances(
  db: Database,
  everyCompany: PlatformScope,
): Promise<CompanyBalances> {
  const balances = await companyBalances(db, everyCompany);
  const names = await profileContacts(db, [...balances.keys()]);
  return {
    items: [...balances.entries()]
      .map(([id, balance]) => {
        const contact = names.get(id);
        return {
          company_id: id,
          name: contact?.company ?? contact?.name ?? '',
          owed_cents: balance.owedCents,
          paid_cents: balance.paidCents,
          balance_cents: balance.balanceCents,
          last_payment_on: balance.lastPaymentOn,
          collected_cents: balance.collectedCents,
        };
      })
      .sort((a, b) => b.balance_cents - a.balance_cents || a.name.localeCompare(b.name)),
  };
}

/**
 * Records a company's transfer to the platform. Partial payments are fine;
 * more than the company owes is refused. Two admins recording at once take
 * turns (a lock per company), so together they can never pay past the balance.
 */
export async function recordCompanyPayment(
  db: Database,
  input: {
    companyId: string;
    amountCents: number;
    paidOn: string;
    reference: string;
    actor: { id: string; name: string };
    now?: Date;
  },
): Promise<void> {
  const today = argentineDay(input.now ?? new Date());
  if (input.paidOn > today) {
    throw AppError.validation(SETTLEMENT_MESSAGES.dateInFuture, {
      paid_on: SETTLEMENT_MESSAGES.dateInFuture,
    });
  }
  const [company] = [...(await profileContacts(db, [input.companyId])).values()];
  if (!company) throw AppError.notFound(SETTLEMENT_MESSAGES.companyNotFound);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`company-payment:${input.companyId}`}, 0))`,
    );
    const balance = (await companyBalance(tx, { kind: 'company', id: input.companyId }))
      .balanceCents;
    if (input.amountCents > balance) {
      throw new AppError('PAYMENT_OVER_BALANCE', SETTLEMENT_MESSAGES.amountOverBalance, 409, {
        amount_cents: SETTLEMENT_MESSAGES.amountOverBalance,
      });
    }
    const [payment] = await tx
      .insert(companyPayments)
      .values({
        companyId: input.companyId,
        amountCents: input.amountCents,
        paidOn: input.paidOn,
        reference: input.reference,
        recordedBy: input.actor.id,
        ...(input.now ? { createdAt: input.now } : {}),
      })
      .returning({ id: companyPayments.id });
    // The company's receipt: under its bell and by e-mail (receipts cannot be turned off).
    await sendNotice(tx, {
      userId: input.companyId,
      kind: 'company_payment_received',
      title: 'Recibimos tu pago',
      body: `Registramos tu transferencia de ${formatArs(input.amountCents)} (${input.reference}). Saldo a pagar: ${formatArs(balance - input.amountCents)}.`,
      link: '/company/settlements',
      payload: {
        amountCents: input.amountCents,
        reference: input.reference,
        balanceCents: balance - input.amountCents,
      },
    });
    // A company that settled everything it owed: every admin hears of it.
    if (balance - input.amountCents === 0) {
      for (const adminId of await profileIdsWithRole(tx, 'admin')) {
        await sendNotice(tx, {
          userId: adminId,
          kind: 'admin_statement_paid',
          title: 'Liquidación saldada',
          body: `${company.company ?? company.name} pagó todo lo que debía (último pago ${formatArs(input.amountCents)}, ${input.reference}).`,
          link: `/admin/settlements?company=${input.companyId}`,
          payload: {
            companyName: company.company ?? company.name,
            amountCents: input.amountCents,
            reference: input.reference,
            companyId: input.companyId,
          },
        });
      }
    }
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorName: input.actor.name,
      action: 'settlement.company_payment',
      targetType: 'company',
      targetId: input.companyId,
      ...(input.now ? { at: input.now } : {}),
      before: { balance_cents: balance },
      after: {
        balance_cents: balance - input.amountCents,
        amount_cents: input.amountCents,
        reference: input.reference,
        paid_on: input.paidOn,
        payment_id: payment?.id ?? null,
      },
    });
  });
}

/**
 * Once a month is over, tells each company that had sales in it that its
 * statement is ready. Safe to run often and on several instances: each
 * company's notice for a month is written once (a dedupe key).
 */
export async function notifyStatementsReady(db: Database, now = new Date()): Promise<number> {
  const month = previousMonth(now);
  const companies = await db
    .selectDistinct({ companyId: ledgerEntries.companyId })
    .from(ledgerEntries)
    .where(
      and(
        gte(ledgerEntries.createdAt, monthStart(month)),
        lt(ledgerEntries.createdAt, monthStart(nextMonth(month))),
      ),
    );
  let sent = 0;
  for (const { companyId } of companies) {
    const list = await statementList(db, { kind: 'company', id: companyId }, now);
    const figures = list.months.find((row) => row.month === month);
    if (!figures) continue;
    const written = await db.transaction(async (tx) => {
      const told = await sendNotice(tx, {
        userId: companyId,
        kind: 'company_statement_ready',
        title: 'Tu liquidación del mes está lista',
        body: `Comisiones de ${month}: ${formatArs(figures.owed_cents)}. Saldo a pagar: ${formatArs(list.balance_cents)}.`,
        link: `/company/settlements?month=${month}`,
        payload: { month, owedCents: figures.owed_cents, balanceCents: list.balance_cents },
        dedupeKey: `statement-ready:${companyId}:${month}`,
      });
      // Once, with the notice: the month's figures as GET /api/company/settlements answers them.
      if (told) {
        await recordWebhookEvent(tx, {
          companyId,
          type: 'settlement.statement_ready',
          objectKey: `statement:${month}`,
          object: () => ({
            object: 'statement',
            company_id: companyId,
            ...figures,
            balance_cents: list.balance_cents,
          }),
          at: now,
        });
      }
      return told;
    });
    if (written) sent += 1;
  }
  return sent;
}
