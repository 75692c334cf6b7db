import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_ORDER_STATUSES } from '@shared/order-status';
import { argentineMonth } from '@shared/time';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { invoicingApp, saveTaxData } from '../../../../tests/factories/invoicing-app';
import {
  approvedSale,
  buy,
  callAs,
  createPayWorld,
  moveOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { memoryArca } from '../../../../tests/fakes/memory-arca';
import type { TestApp } from '../../../../tests/setup/test-app';
import { ledgerEntries } from '../settlements/ledger.table';
import { invoiceEntries, invoices } from './invoicing.table';

/** A dozen worlds of orders and runs: more than one API test's time on a busy machine. */
const PROPERTY_TIMEOUT_MS = 120_000;

/** Status changes, some collected at the source, with the month run between some of them. */
const steps = fc.array(
  fc.oneof(
    fc.record({
      order: fc.integer({ min: 0, max: 2 }),
      to: fc.constantFrom(...LINK_ORDER_STATUSES),
      collected: fc.boolean(),
    }),
    fc.constant('run' as const),
  ),
  { minLength: 1, maxLength: 12 },
);

describe('every peso of the platform’s share on exactly one document', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;
  const month = argentineMonth(new Date());

  beforeAll(async () => {
    t = await invoicingApp(memoryArca());
    world = await createPayWorld(t, { stock: 1000 });
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
    await saveTaxData(t, world.company, { tax_condition: 'monotributo' });
  });
  afterAll(() => t.close());

  const run = async () => {
    const response = await callAs(t, admin, 'POST', '/api/admin/invoices/run', { month });
    expect(response.statusCode).toBe(202);
  };

  it(
    'sales, refunds, reversals, collected and owed orders over several runs: documents add up to the entries, to the cent',
    async () => {
      // First a sale invoiced and then refunded, so credit notes are in play whatever is drawn.
      const first = await approvedSale(t, world);
      await run();
      await moveOrder(t, first, 'refunded');
      await run();
      await expectEveryPesoOnOneDocument(t);
      await fc.assert(
        fc.asyncProperty(steps, async (plan) => {
          const created: string[] = [];
          for (let i = 0; i < 3; i += 1) {
            // The third order has no seller: the whole commission is the platform's.
            const placed = await buy(t, world.productId, {
              provider: 'transferencia',
              quantity: 1 + i,
              ...(i === 2 ? {} : { ref: world.ref }),
            });
            created.push(placed.json().order_id as string);
          }
          for (const step of plan) {
            if (step === 'run') await run();
            else {
              await moveOrder(t, created[step.order]!, step.to, {
                collectedAtSource: step.collected,
              }).catch(() => undefined); // a change the workflow refuses changes nothing
            }
          }
          await run();
          await expectEveryPesoOnOneDocument(t);
        }),
        { numRuns: 10 },
      );
      // The runs made documents of both kinds.
      const kinds = new Set((await t.db.select().from(invoices)).map((row) => row.kind));
      expect(kinds).toEqual(new Set(['invoice', 'credit_note']));
    },
    PROPERTY_TIMEOUT_MS,
  );
});

async function expectEveryPesoOnOneDocument(t: TestApp) {
  const [platform] = await t.db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.party, 'platform'));
  const documents = await t.db.select().from(invoices);
  const signed = (document: (typeof documents)[number]) =>
    document.kind === 'invoice' ? document.totalCents : -document.totalCents;
  // The documents carry the platform's whole share (what is left over adds up to zero).
  expect(documents.reduce((total, document) => total + signed(document), 0)).toBe(
    Number(platform!.cents),
  );
  // Each document is the sum of its own entries, all authorized, letter A for a monotributista.
  const perDocument = await t.db
    .select({
      invoiceId: invoiceEntries.invoiceId,
      cents: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(invoiceEntries)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, invoiceEntries.ledgerEntryId))
    .groupBy(invoiceEntries.invoiceId);
  const sums = new Map(perDocument.map((row) => [row.invoiceId, Number(row.cents)]));
  for (const document of documents) {
    expect(sums.get(document.id)).toBe(signed(document));
    expect(document).toMatchObject({ status: 'authorized', letter: 'A' });
    expect(document.netCents + document.vatCents).toBe(document.totalCents);
    if (document.kind === 'credit_note') expect(document.associatedInvoiceId).not.toBeNull();
  }
}
