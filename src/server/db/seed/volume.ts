import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { PROVINCES } from '@shared/provinces';
import type { Database } from '../client';
import { accounts, users } from '../../features/auth/auth.table';
import { orderLines, orders, orderStatusHistory } from '../../features/orders/orders.table';
import { products } from '../../features/products/products.table';
import { profiles } from '../../features/profiles/profiles.table';
import { ledgerEntries } from '../../features/settlements/ledger.table';
import { deriveFigures, insertChunks } from './volume-figures';
import { insertClicks, insertOpenHours, planClicks } from './volume-clicks';
import { planOrders } from './volume-orders';
import { DAY, generator, userId } from './volume-random';
import {
  CATEGORIES,
  COMPANY_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  PLACES,
  PRODUCT_NOUNS,
  PRODUCT_TRAITS,
} from './volume-words';

/**
 * A realistic volume of business for measuring the panels (`npm run
 * seed:volume`): companies shipping to a few provinces each, sellers across
 * the country, products, and orders over the last twelve months that went
 * the ways real orders go (paid, delivered, refunded, left unpaid), each with
 * its status history, the points it awards, the ledger entries it caused and
 * the dashboards' totals. Rows are written in bulk, but every derived figure
 * comes from the same rules the orders service applies one order at a time.
 */
export interface VolumeOptions {
  orders: number;
  companies: number;
  sellers: number;
  products: number;
  password: string;
  /** Tells the accounts of this run apart from earlier runs' (e-mails). */
  tag?: string;
  now?: Date;
  /** A reproducible volume for the same seed. */
  seed?: number;
  /** About how many link clicks each order had before it (link analytics); 0 for none. */
  clicksPerOrder?: number;
}

export interface VolumeResult {
  tag: string;
  companies: number;
  sellers: number;
  products: number;
  orders: number;
  historyRows: number;
  ledgerEntries: number;
  clicks: number;
  sampleAccounts: { role: string; email: string }[];
}

export async function seedVolume(db: Database, options: VolumeOptions): Promise<VolumeResult> {
  const now = options.now ?? new Date();
  const tag = options.tag ?? randomBytes(3).toString('hex');
  const random = generator(options.seed ?? 20_261_125);
  const passwordHash = await hashPassword(options.password);
  const email = (kind: string, n: number) =>
    `vol-${tag}-${kind}-${String(n).padStart(4, '0')}@example.com`;
  const person = () => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;

  // Accounts: an administrator, the companies and the sellers, all confirmed.
  const adminId = userId();
  const companies = Array.from({ length: options.companies }, (_, i) => {
    const provinces = new Set<string>();
    const wanted = random.int(3, 9);
    while (provinces.size < wanted) provinces.add(random.pick(PROVINCES));
    return {
      id: userId(),
      name: person(),
      email: email('empresa', i + 1),
      company: `${random.pick(COMPANY_WORDS)} ${random.pick(PLACES)} ${i + 1}`,
      shippingProvinces: [...provinces],
    };
  });
  const sellers = Array.from({ length: options.sellers }, (_, i) => ({
    id: userId(),
    name: person(),
    email: email('vendedor', i + 1),
    province: random.pick(PROVINCES),
  }));
  const people = [
    { id: adminId, name: 'Administración Volumen', email: email('admin', 1) },
    ...companies,
    ...sellers,
  ];
  const createdAt = new Date(now.getTime() - 400 * DAY);

  // Products: the companies' catalogues.
  const productRows = Array.from({ length: options.products }, (_, i) => {
    const company = companies[i % companies.length]!;
    return {
      id: randomUUID(),
      companyId: company.id,
      title: `${random.pick(PRODUCT_NOUNS)} ${random.pick(PRODUCT_TRAITS)} ${i + 1}`,
      description: 'Producto de la red de demostración de volumen.',
      priceCents: random.int(10, 2000) * 10_000 + random.pick([0, 5000, 9900]),
      stock: random.int(20, 800),
      category: random.pick(CATEGORIES),
      isActive: random.next() > 0.05,
      commissionBps: random.pick([300, 500, 800, 1000, 1200, 1500, 2000]),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const sellersByProvince = new Map<string, string[]>();
  for (const seller of sellers) {
    sellersByProvince.set(seller.province, [
      ...(sellersByProvince.get(seller.province) ?? []),
      seller.id,
    ]);
  }
  const sellersOf = new Map(
    companies.map((company) => [
      company.id,
      company.shippingProvinces.flatMap((province) => sellersByProvince.get(province) ?? []),
    ]),
  );

  // Orders, each with the path it took.
  const { orderRows, lineRows, historyRows, ledgerRows } = planOrders({
    count: options.orders,
    now,
    products: productRows,
    sellersOf,
    adminId,
    random,
    person,
  });
  const clickRows = planClicks(orderRows, options.clicksPerOrder ?? 30, now, random);

  await db.transaction(async (tx) => {
    await insertChunks(people, (chunk) =>
      tx.insert(users).values(
        chunk.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          emailVerified: true,
          createdAt,
          updatedAt: createdAt,
        })),
      ),
    );
    await insertChunks(people, (chunk) =>
      tx.insert(accounts).values(
        chunk.map((row) => ({
          id: userId(),
          accountId: row.id,
          providerId: 'credential',
          userId: row.id,
          password: passwordHash,
          createdAt,
          updatedAt: createdAt,
        })),
      ),
    );
    await insertChunks(
      [
        { id: adminId, name: people[0]!.name, email: people[0]!.email, role: 'admin' as const },
        ...companies.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          role: 'company' as const,
          company: row.company,
          shippingProvinces: row.shippingProvinces,
        })),
        ...sellers.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          role: 'seller' as const,
          province: row.province,
        })),
      ],
      (chunk) => tx.insert(profiles).values(chunk.map((row) => ({ ...row, createdAt }))),
    );
    await insertChunks(productRows, (chunk) => tx.insert(products).values(chunk));
    await insertChunks(orderRows, (chunk) => tx.insert(orders).values(chunk));
    await insertChunks(lineRows, (chunk) => tx.insert(orderLines).values(chunk), 4000);
    await insertChunks(historyRows, (chunk) => tx.insert(orderStatusHistory).values(chunk), 4000);
    await insertChunks(ledgerRows, (chunk) => tx.insert(ledgerEntries).values(chunk), 4000);
    await insertClicks(tx, clickRows);
    await deriveFigures(
      tx,
      companies.map((row) => row.id),
      sellers.map((row) => row.id),
    );
    await insertOpenHours(
      tx,
      companies.map((row) => row.id),
      now,
    );
  });

  // Fresh statistics for the planner, and the visibility map that lets an index-only scan
  // skip the table's pages (the analytics funnel's), as autovacuum keeps them on a
  // server; PGlite has no autovacuum to do either.
  await db.execute(sql`vacuum analyze`);

  return {
    tag,
    companies: companies.length,
    sellers: sellers.length,
    products: productRows.length,
    orders: orderRows.length,
    historyRows: historyRows.length,
    ledgerEntries: ledgerRows.length,
    clicks: clickRows.length,
    sampleAccounts: [
      { role: 'admin', email: email('admin', 1) },
      { role: 'company', email: email('empresa', 1) },
      { role: 'seller', email: email('vendedor', 1) },
    ],
  };
}
