import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CompanyScope } from '../../lib/scope';
import { argentineMonthSql } from '../../lib/sql-time';
import { companyPayments } from './company-payments.table';
import { ledgerEntries } from './ledger.table';

/**
 * A company's money per Argentine month: the part of the balances module
 * (with balances.service.ts) that sums one month's ledger entries and
 * payments. Statements format what these answer; they add nothing.
 */

const ENTRY_MONTH = argentineMonthSql(ledgerEntries.createdAt);
const PAYMENT_MONTH = sql<string>`to_char(${companyPayments.paidOn}, 'YYYY-MM')`;

export interface MonthFigures {
  /** Owed to sellers and to the platform (net of refunds), not collected at the source. */
  sellersCents: number;
  platformCents: number;
  /** Commission collected at the source (never owed). */
  collectedCents: number;
  /** The company's payments that month. */
  paidCents: number;
}

/** Each month a company owed, was paid or collected something, by 'YYYY-MM'. */
export async function companyMonths(
  db: Database,
  scope: CompanyScope,
): Promise<Map<string, MonthFigures>> {
  const [entries, payments] = await Promise.all([
    db
      .select({
        month: ENTRY_MONTH,
        sellers: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.party} = 'seller' and not ${ledgerEntries.collected}), 0)`,
        platform: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.party} = 'platform' and not ${ledgerEntries.collected}), 0)`,
        collected: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.collected}), 0)`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, scope.id))
      .groupBy(ENTRY_MONTH),
    db
      .select({ month: PAYMENT_MONTH, paid: sql<string>`sum(${companyPayments.amountCents})` })
      .from(companyPayments)
      .where(eq(companyPayments.companyId, scope.id))
      .groupBy(PAYMENT_MONTH),
  ]);
  const months = new Map<string, MonthFigures>();
  for (const row of entries) {
    months.set(row.month, {
      sellersCents: Number(row.sellers),
      platformCents: Number(row.platform),
      collectedCents: Number(row.collected),
      paidCents: 0,
    });
  }
  for (const row of payments) {
    const month = months.get(row.month) ?? {
      sellersCents: 0,
      platformCents: 0,
      collectedCents: 0,
      paidCents: 0,
    };
    month.paidCents = Number(row.paid);
    months.set(row.month, month);
  }
  return months;
}

type Entry = typeof ledgerEntries.$inferSelect;

/** One statement line: an order's entries of one kind (collected ones apart), summed. */
export interface LineFigures {
  orderId: string;
  kind: Entry['kind'] | 'collected';
  at: Date;
  sellerId: string | null;
  sellerCents: number;
  platformCents: number;
  totalCents: number;
}

/**
 * One month's entries and payments summed as its statement shows them: per
 * order line, per seller and for the platform (what the company owes),
 * collected at the source, owed and paid.
 */
export function monthStatementFigures(entries: Entry[], payments: { amountCents: number }[]) {
  const lines = new Map<string, LineFigures>();
  const sellers = new Map<string, number>();
  let platformCents = 0;
  let collectedCents = 0;
  for (const entry of entries) {
    const key = `${entry.orderId}:${entry.kind}:${entry.collected}`;
    const line = lines.get(key) ?? {
      orderId: entry.orderId,
      kind: entry.collected ? ('collected' as const) : entry.kind,
      at: entry.createdAt,
      sellerId: null,
      sellerCents: 0,
      platformCents: 0,
      totalCents: 0,
    };
    if (entry.party === 'seller' && entry.sellerId) {
      line.sellerCents += entry.amountCents;
      line.sellerId = entry.sellerId;
    } else {
      line.platformCents += entry.amountCents;
    }
    line.totalCents = line.sellerCents + line.platformCents;
    lines.set(key, line);
    // What the company owes per seller and to the platform; collected commission it never owed.
    if (entry.collected) collectedCents += entry.amountCents;
    else if (entry.party === 'seller' && entry.sellerId) {
      sellers.set(entry.sellerId, (sellers.get(entry.sellerId) ?? 0) + entry.amountCents);
    } else platformCents += entry.amountCents;
  }
  const owedCents = [...lines.values()]
    .filter((line) => line.kind !== 'collected')
    .reduce((sum, line) => sum + line.totalCents, 0);
  const paidCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  return {
    lines: [...lines.values()],
    sellers,
    platformCents,
    collectedCents,
    owedCents,
    paidCents,
  };
}
