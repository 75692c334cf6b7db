import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { inArray, sql } from 'drizzle-orm';
import { orderAmounts } from '@shared/commission';
import { countsAsSale, SALE_STATUSES, type OrderStatus } from '@shared/order-status';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import { pointsForOrder } from '@shared/points';
import { PROVINCES } from '@shared/provinces';
import type { Database, Transaction } from '../client';
import { argentineDaySql } from '../../lib/sql-time';
import { accounts, users } from '../../features/auth/auth.table';
import {
  orderDailyTotals,
  orders,
  orderStatusHistory,
  orderTotals,
} from '../../features/orders/orders.table';
import { products } from '../../features/products/products.table';
import { profiles } from '../../features/profiles/profiles.table';
import { ledgerAccruals } from '../../features/settlements/ledger.service';
import { ledgerEntries } from '../../features/settlements/ledger.table';

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
}

export interface VolumeResult {
  tag: string;
  companies: number;
  sellers: number;
  products: number;
  orders: number;
  historyRows: number;
  ledgerEntries: number;
  sampleAccounts: { role: string; email: string }[];
}

const DAY = 86_400_000;
const CHUNK = 1000;

/** mulberry32: a small seeded generator, so a volume can be made again. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const FIRST_NAMES = [
  'Lucía',
  'Martín',
  'Sofía',
  'Mateo',
  'Valentina',
  'Santiago',
  'Camila',
  'Benjamín',
  'Florencia',
  'Joaquín',
  'Agustina',
  'Tomás',
  'Julieta',
  'Facundo',
  'Micaela',
  'Nicolás',
  'Carolina',
  'Gonzalo',
  'Rocío',
  'Federico',
];
const LAST_NAMES = [
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Díaz',
  'Pérez',
  'Sánchez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Acosta',
  'Benítez',
  'Medina',
  'Herrera',
  'Suárez',
];
const COMPANY_WORDS = [
  'Yerbatera',
  'Bodega',
  'Almacén',
  'Textil',
  'Cervecería',
  'Dulces',
  'Cueros',
  'Aceites',
  'Quesos',
  'Mieles',
  'Cafetera',
  'Panificados',
  'Artesanías',
  'Vinos',
  'Hierbas',
];
const PLACES = [
  'del Litoral',
  'Patagónica',
  'Andina',
  'del Norte',
  'Pampeana',
  'Serrana',
  'del Sur',
  'Cuyana',
  'Misionera',
  'del Delta',
];
const PRODUCT_NOUNS = [
  'Yerba mate',
  'Vino malbec',
  'Dulce de leche',
  'Alfajores',
  'Mate de calabaza',
  'Bombilla',
  'Miel orgánica',
  'Aceite de oliva',
  'Queso de campo',
  'Poncho',
  'Cinturón de cuero',
  'Salame',
  'Café de especialidad',
  'Cerveza artesanal',
  'Mermelada',
];
const PRODUCT_TRAITS = [
  'tradicional',
  'premium',
  'orgánico',
  'artesanal',
  'de estación',
  'suave',
  'intenso',
  'reserva',
  'clásico',
  'edición especial',
];
const CATEGORIES = ['Alimentos', 'Bebidas', 'Regionales', 'Indumentaria', 'Hogar'];
const PROVIDERS: PaymentProvider[] = ['mercadopago', 'stripe', 'transferencia'];

/** Stable ids in Better Auth's style (32 URL-safe characters). */
function userId(): string {
  return randomBytes(24).toString('base64url');
}

async function insertChunks<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
  size = CHUNK,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

interface PlannedStep {
  status: OrderStatus;
  at: Date;
  by: string;
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
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const historyRows: (typeof orderStatusHistory.$inferInsert)[] = [];
  const ledgerRows: (typeof ledgerEntries.$inferInsert)[] = [];
  for (let i = 0; i < options.orders; i += 1) {
    const product = productRows[random.int(0, productRows.length - 1)]!;
    const candidates = sellersOf.get(product.companyId) ?? [];
    const sellerId = candidates.length && random.next() > 0.1 ? random.pick(candidates) : null;
    const quantity = random.next() < 0.85 ? 1 : random.int(2, 3);
    const provider = random.pick(PROVIDERS);
    const amounts = orderAmounts(product.priceCents, product.commissionBps, quantity);
    // More orders lately: a network that grows.
    const placed = new Date(now.getTime() - Math.pow(random.next(), 1.6) * 365 * DAY);
    const pending: OrderStatus =
      provider === 'transferencia' ? 'pending_transfer' : 'pending_payment';
    const window = provider === 'transferencia' ? 72 * 3_600_000 : 30 * 60_000;
    const steps: PlannedStep[] = [{ status: pending, at: placed, by: 'system' }];
    const paidAt = new Date(
      placed.getTime() +
        (provider === 'transferencia' ? random.int(2, 48) * 3_600_000 : random.int(1, 15) * 60_000),
    );
    if (random.next() < 0.12 || paidAt > now) {
      if (placed.getTime() + window <= now.getTime()) {
        steps.push({ status: 'expired', at: new Date(placed.getTime() + window), by: 'system' });
      }
    } else {
      steps.push({
        status: 'approved',
        at: paidAt,
        by: provider === 'transferencia' ? product.companyId : 'system',
      });
      const refundAt = new Date(paidAt.getTime() + random.int(1, 20) * DAY);
      const deliverAt = new Date(paidAt.getTime() + random.int(2, 7) * DAY);
      if (random.next() < 0.04 && refundAt <= now) {
        steps.push({ status: 'refunded', at: refundAt, by: 'system' });
      } else if (deliverAt <= now && random.next() < 0.85) {
        steps.push({ status: 'delivered', at: deliverAt, by: adminId });
      }
    }
    const last = steps[steps.length - 1]!;
    const id = randomUUID();
    const sold = countsAsSale(last.status);
    orderRows.push({
      id,
      productId: product.id,
      productTitle: product.title,
      companyId: product.companyId,
      sellerId,
      quantity,
      unitPriceCents: amounts.totalCents / quantity,
      commissionBps: product.commissionBps,
      ...amounts,
      provider,
      status: last.status,
      externalReference: `VM-${randomBytes(6).toString('hex').toUpperCase()}`,
      buyerName: person(),
      buyerEmail: `comprador${i + 1}@example.com`,
      buyerPhone: `+54 9 11 ${random.int(4000, 6999)}-${random.int(1000, 9999)}`,
      buyerTokenHash: createHash('sha256').update(randomBytes(16)).digest('hex'),
      pointsAwarded: sold && sellerId ? pointsForOrder(amounts.sellerCents) : 0,
      expiresAt: last.status === pending ? new Date(placed.getTime() + window) : null,
      createdAt: placed,
      updatedAt: last.at,
    });
    for (const step of steps) {
      historyRows.push({
        orderId: id,
        status: step.status,
        changedBy: step.by,
        createdAt: step.at,
      });
    }
    const approval = steps.find((step) => step.status === 'approved');
    if (approval) {
      const order = { id, companyId: product.companyId, sellerId, ...amounts };
      const accruals = ledgerAccruals(order).map((entry) => ({ ...entry, createdAt: approval.at }));
      ledgerRows.push(...accruals);
      if (last.status === 'refunded') {
        ledgerRows.push(
          ...accruals.map((entry) => ({
            ...entry,
            amountCents: -entry.amountCents,
            kind: 'reversal' as const,
            createdAt: last.at,
          })),
        );
      }
    }
  }

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
    await insertChunks(historyRows, (chunk) => tx.insert(orderStatusHistory).values(chunk), 4000);
    await insertChunks(ledgerRows, (chunk) => tx.insert(ledgerEntries).values(chunk), 4000);
    await deriveFigures(
      tx,
      companies.map((row) => row.id),
      sellers.map((row) => row.id),
    );
  });

  // Fresh statistics for the planner (PGlite has no autovacuum to gather them).
  await db.execute(sql`analyze`);

  return {
    tag,
    companies: companies.length,
    sellers: sellers.length,
    products: productRows.length,
    orders: orderRows.length,
    historyRows: historyRows.length,
    ledgerEntries: ledgerRows.length,
    sampleAccounts: [
      { role: 'admin', email: email('admin', 1) },
      { role: 'company', email: email('empresa', 1) },
      { role: 'seller', email: email('vendedor', 1) },
    ],
  };
}

/** SQL sums of bigint columns arrive as text. */
function asNumbers<
  T extends {
    totalCents: unknown;
    companyCents: unknown;
    sellerCents: unknown;
    platformCents: unknown;
  },
>(row: T) {
  return {
    ...row,
    totalCents: Number(row.totalCents),
    companyCents: Number(row.companyCents),
    sellerCents: Number(row.sellerCents),
    platformCents: Number(row.platformCents),
  };
}

/** The sellers' points and sales and the dashboards' totals, from the orders just written. */
async function deriveFigures(
  tx: Transaction,
  companyIds: string[],
  sellerIds: string[],
): Promise<void> {
  for (let i = 0; i < sellerIds.length; i += CHUNK) {
    const ids = sellerIds.slice(i, i + CHUNK);
    await tx
      .update(profiles)
      .set({
        points: sql`coalesce((select sum(${orders.pointsAwarded}) from ${orders} where ${orders.sellerId} = ${profiles.id}), 0)`,
        sales: sql`(select count(*) from ${orders} where ${orders.sellerId} = ${profiles.id} and ${inArray(orders.status, [...SALE_STATUSES])})`,
      })
      .where(inArray(profiles.id, ids));
  }
  const sums = {
    orders: sql<number>`count(*)::int`,
    totalCents: sql<number>`sum(${orders.totalCents})`,
    companyCents: sql<number>`sum(${orders.companyCents})`,
    sellerCents: sql<number>`sum(${orders.sellerCents})`,
    platformCents: sql<number>`sum(${orders.platformCents})`,
  };
  const totals = await tx
    .select({ companyId: orders.companyId, status: orders.status, ...sums })
    .from(orders)
    .where(inArray(orders.companyId, companyIds))
    .groupBy(orders.companyId, orders.status);
  await insertChunks(totals.map(asNumbers), (chunk) => tx.insert(orderTotals).values(chunk));
  const day = argentineDaySql(orders.createdAt);
  const daily = await tx
    .select({ companyId: orders.companyId, day, status: orders.status, ...sums })
    .from(orders)
    .where(inArray(orders.companyId, companyIds))
    .groupBy(orders.companyId, day, orders.status);
  await insertChunks(daily.map(asNumbers), (chunk) => tx.insert(orderDailyTotals).values(chunk));
}
