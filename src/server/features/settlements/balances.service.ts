import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { argentineMonthStart } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import type { CompanyScope, PlatformScope, SellerScope } from '../../lib/scope';
import { companyPayments } from './company-payments.table';
import { ledgerEntries } from './ledger.table';
import { payoutBatches, payouts } from './payouts.table';

/**
 * Every money figure of settlements, in one place: what a seller has pending,
 * available, in process and paid out, and what a company owes, paid and still
 * owes. Routes, statements, payouts and exports read these functions; none
 * sums the ledger or the payments on its own.
 */

type Reader = Database | Transaction;

const DAY_MS = 86_400_000;

export interface SellerBalance {
  /** All the commission the seller's current orders earned them (refunds net out). */
  earnedCents: number;
  /** Earned but not payable yet: inside the hold, or its company has not paid it. */
  pendingCents: number;
  /**
   * What can be paid out now: past the hold and covered by its company's
   * payments, less what is in process or paid out. A refund after a payout
   * makes it negative (a clawback the next payout deducts).
   */
  availableCents: number;
  /** In payout batches not yet paid. */
  inProcessCents: number;
  /** In payout batches marked paid. */
  paidOutCents: number;
}

const NO_SELLER_BALANCE: SellerBalance = {
  earnedCents: 0,
  pendingCents: 0,
  availableCents: 0,
  inProcessCents: 0,
  paidOutCents: 0,
};

/**
 * Each seller's balance from the ledger and the payouts. An order counts as
 * a whole (its accruals and reversals net): it becomes payable `holdDays`
 * after its latest approval, once its company's payments cover the company's
 * debt up to that approval (oldest debts are paid first), or at once after the
 * hold when its commission was collected at the source (the platform holds it). So
 * earned = pending + available + in process + paid out, to the cent.
 */
export async function sellerBalances(
  db: Reader,
  _everySeller: PlatformScope,
  rules: { holdDays: number; now?: Date },
): Promise<Map<string, SellerBalance>> {
  return balancesOfSellers(db, rules);
}

async function balancesOfSellers(
  db: Reader,
  rules: { holdDays: number; now?: Date },
  sellerIds?: string[],
): Promise<Map<string, SellerBalance>> {
  const cutoff = new Date((rules.now ?? new Date()).getTime() - rules.holdDays * DAY_MS);
  const only = sellerIds
    ? sql`and e.seller_id in (${sql.join(
        sellerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with entries as (
      -- What the company owed up to each entry: commission collected at the source is not owed.
      select e.*, sum(case when e.collected then 0 else e.amount_cents end) over (
        partition by e.company_id order by e.created_at, e.id
      ) as cumulative
      from ledger_entries e
    ),
    paid as (
      select company_id, sum(amount_cents) as total from company_payments group by company_id
    ),
    per_order as (
      select e.seller_id, e.order_id, e.company_id,
        sum(e.amount_cents) as net,
        bool_or(e.collected) as collected,
        max(e.created_at) filter (where e.kind = 'accrual') as approved_at,
        (array_agg(e.cumulative order by e.created_at desc, e.id desc)
          filter (where e.kind = 'accrual'))[1] as owed_through
      from entries e
      where e.party = 'seller' ${only}
      group by e.seller_id, e.order_id, e.company_id
    )
    select o.seller_id,
      coalesce(sum(o.net), 0)::text as earned,
      coalesce(sum(o.net) filter (
        where o.approved_at <= ${cutoff.toISOString()}::timestamptz
          and (o.collected or o.owed_through <= coalesce(p.total, 0))
      ), 0)::text as eligible
    from per_order o left join paid p on p.company_id = o.company_id
    group by o.seller_id
  `)) as unknown as { rows: { seller_id: string; earned: string; eligible: string }[] };
  const batched = await db
    .select({
      sellerId: payouts.sellerId,
      status: payoutBatches.status,
      amount: sql<string>`sum(${payouts.amountCents})`,
    })
    .from(payouts)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(sellerIds ? inArray(payouts.sellerId, sellerIds) : undefined)
    .groupBy(payouts.sellerId, payoutBatches.status);

  const raw = new Map<
    string,
    { earned: number; eligible: number; inProcess: number; paidOut: number }
  >();
  const of = (id: string) => {
    const existing = raw.get(id) ?? { earned: 0, eligible: 0, inProcess: 0, paidOut: 0 };
    raw.set(id, existing);
    return existing;
  };
  for (const row of result.rows) {
    const seller = of(row.seller_id);
    seller.earned = Number(row.earned);
    seller.eligible = Number(row.eligible);
  }
  for (const row of batched) {
    const seller = of(row.sellerId);
    if (row.status === 'paid') seller.paidOut += Number(row.amount);
    else seller.inProcess += Number(row.amount);
  }
  return new Map(
    [...raw.entries()].map(([id, f]) => [
      id,
      {
        earnedCents: f.earned,
        pendingCents: f.earned - f.eligible,
        availableCents: f.eligible - f.inProcess - f.paidOut,
        inProcessCents: f.inProcess,
        paidOutCents: f.paidOut,
      },
    ]),
  );
}

/** One seller's balance (see sellerBalances); zeros for a seller with no sales. */
export async function sellerBalance(
  db: Reader,
  scope: SellerScope,
  holdDays: number,
  now = new Date(),
): Promise<SellerBalance> {
  const sellerId = scope.id;
  const balances = await balancesOfSellers(db, { holdDays, now }, [sellerId]);
  return balances.get(sellerId) ?? { ...NO_SELLER_BALANCE };
}

export interface CompanyBalance {
  /** The commission of its sold orders it owes, net of refunds: sellers + platform, to the cent. */
  owedCents: number;
  sellersCents: number;
  platformCents: number;
  /** Its payments to the platform. */
  paidCents: number;
  /** What it still owes: owed − paid. */
  balanceCents: number;
  /** The day of its latest payment ('YYYY-MM-DD'), or null. */
  lastPaymentOn: string | null;
  /** Commission of its orders collected at the source (never owed), net of refunds. */
  collectedCents: number;
}

const NO_COMPANY_BALANCE: CompanyBalance = {
  owedCents: 0,
  sellersCents: 0,
  platformCents: 0,
  paidCents: 0,
  balanceCents: 0,
  lastPaymentOn: null,
  collectedCents: 0,
};

/**
 * What each company owes (ledger), paid (its payments) and still owes, in
 * all or before an Argentine month ('YYYY-MM': what it carried into that
 * month). Every company that ever owed or paid something, or only `companyIds`.
 */
export async function companyBalances(
  db: Reader,
  _everyCompany: PlatformScope,
  options: { before?: string } = {},
): Promise<Map<string, CompanyBalance>> {
  return balancesOfCompanies(db, options);
}

async function balancesOfCompanies(
  db: Reader,
  options: { companyIds?: string[]; before?: string } = {},
): Promise<Map<string, CompanyBalance>> {
  const { companyIds, before } = options;
  const [owed, paid] = await Promise.all([
    db
      .select({
        companyId: ledgerEntries.companyId,
        sellers: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.party} = 'seller' and not ${ledgerEntries.collected}), 0)`,
        platform: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.party} = 'platform' and not ${ledgerEntries.collected}), 0)`,
        collected: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.collected}), 0)`,
      })
      .from(ledgerEntries)
      .where(
        and(
          companyIds ? inArray(ledgerEntries.companyId, companyIds) : undefined,
          before ? lt(ledgerEntries.createdAt, argentineMonthStart(before)) : undefined,
        ),
      )
      .groupBy(ledgerEntries.companyId),
    db
      .select({
        companyId: companyPayments.companyId,
        value: sql<string>`sum(${companyPayments.amountCents})`,
        last: sql<string>`max(${companyPayments.paidOn})::text`,
      })
      .from(companyPayments)
      .where(
        and(
          companyIds ? inArray(companyPayments.companyId, companyIds) : undefined,
          before ? lt(companyPayments.paidOn, `${before}-01`) : undefined,
        ),
      )
      .groupBy(companyPayments.companyId),
  ]);
  const balances = new Map<string, CompanyBalance>();
  const of = (id: string) => {
    const existing = balances.get(id) ?? { ...NO_COMPANY_BALANCE };
    balances.set(id, existing);
    return existing;
  };
  for (const row of owed) {
    const company = of(row.companyId);
    company.sellersCents = Number(row.sellers);
    company.platformCents = Number(row.platform);
    company.owedCents = company.sellersCents + company.platformCents;
    company.collectedCents = Number(row.collected);
  }
  for (const row of paid) {
    const company = of(row.companyId);
    company.paidCents = Number(row.value);
    company.lastPaymentOn = row.last;
  }
  for (const company of balances.values()) {
    company.balanceCents = company.owedCents - company.paidCents;
  }
  return balances;
}

/** One company's balance (see companyBalances); zeros for a company with no sales. */
export async function companyBalance(
  db: Reader,
  scope: CompanyScope,
  options: { before?: string } = {},
): Promise<CompanyBalance> {
  const companyId = scope.id;
  const balances = await balancesOfCompanies(db, { ...options, companyIds: [companyId] });
  return balances.get(companyId) ?? { ...NO_COMPANY_BALANCE };
}

/**
 * What an order still has open in the ledger, per party, seller and
 * collection (entries summed, zeros left out): what a reversal gives back
 * when the order stops counting as a sale.
 */
export async function openEntriesOfOrder(tx: Transaction, orderId: string) {
  const rows = await tx
    .select({
      party: ledgerEntries.party,
      sellerId: ledgerEntries.sellerId,
      collected: ledgerEntries.collected,
      amount: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .groupBy(ledgerEntries.party, ledgerEntries.sellerId, ledgerEntries.collected);
  return rows
    .map(({ amount, ...row }) => ({ ...row, amountCents: Number(amount) }))
    .filter((row) => row.amountCents !== 0);
}

/**
 * What a seller still has open on each of these orders (only what is owed to
 * them, positive): what a clawback takes back.
 */
export async function openSellerCommission(tx: Transaction, sellerId: string, orderIds: string[]) {
  const rows = await tx
    .select({
      orderId: ledgerEntries.orderId,
      companyId: ledgerEntries.companyId,
      collected: ledgerEntries.collected,
      amount: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.orderId, orderIds),
        eq(ledgerEntries.party, 'seller'),
        eq(ledgerEntries.sellerId, sellerId),
      ),
    )
    .groupBy(ledgerEntries.orderId, ledgerEntries.companyId, ledgerEntries.collected);
  return rows
    .map(({ amount, ...row }) => ({ ...row, amountCents: Number(amount) }))
    .filter((row) => row.amountCents > 0);
}
