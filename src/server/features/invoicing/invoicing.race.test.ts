import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argentineMonth } from '@shared/time';
import { memoryArca, type MemoryArca } from '../../../../tests/fakes/memory-arca';
import { approvedSale, createPayWorld } from '../../../../tests/factories/pay-world';
import { invoicingApp, saveTaxData } from '../../../../tests/factories/invoicing-app';
import type { TestApp } from '../../../../tests/setup/test-app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { ledgerEntries } from '../settlements/ledger.table';
import { runMonth, scheduledRun, type InvoicingContext } from './invoicing.service';
import { invoiceEntries, invoices } from './invoicing.table';

/*
 * PGlite is one connection, so two instances there take turns and prove
 * nothing about the locks: this needs a PostgreSQL server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const COMPANIES = 4;
const ADMIN = { id: 'admin-of-the-race', name: 'Ana Admin' };

describe.skipIf(!serverUrl)(
  'two instances invoicing the same month at once on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    let second: DatabaseHandle;
    let arca: MemoryArca;
    const month = argentineMonth(new Date());

    beforeAll(async () => {
      // One ARCA for both instances, slow enough that their calls overlap.
      arca = memoryArca();
      t = await invoicingApp(arca);
      second = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
      for (let i = 0; i < COMPANIES; i += 1) {
        const world = await createPayWorld(t);
        await saveTaxData(t, world.company, {
          legal_name: `Empresa ${i} S.A.`,
          tax_condition: i % 2 ? 'responsable_inscripto' : 'consumidor_final',
        });
        for (let sale = 0; sale <= i; sale += 1) await approvedSale(t, world);
      }
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    it('makes and authorizes each company’s document once, numbers in order', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      arca.delayMs = 40;
      const other: InvoicingContext = { ...t.app.invoicing, db: second.db };
      const [first, again] = await Promise.all([
        runMonth(t.app.invoicing, { kind: 'platform' }, month, ADMIN),
        runMonth(other, { kind: 'platform' }, month, ADMIN),
        scheduledRun(other),
      ]);
      expect(first.created.length + again.created.length).toBe(COMPANIES);
      // Whatever a lease left pending is sent by the next tick.
      await scheduledRun(t.app.invoicing);

      const documents = await t.db.select().from(invoices);
      expect(documents).toHaveLength(COMPANIES);
      expect(documents.every((document) => document.status === 'authorized')).toBe(true);
      // ARCA saw each document once, and every number of each letter in order.
      expect(arca.vouchers).toHaveLength(COMPANIES);
      for (const type of [1, 6]) {
        const numbers = arca.vouchers.filter((v) => v.type === type).map((v) => v.number);
        expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      }
      // Every platform entry is on exactly one document, and the totals are the entries'.
      const entries = await t.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.party, 'platform'));
      const taken = await t.db.select().from(invoiceEntries);
      expect(taken).toHaveLength(entries.length);
      const invoiced = documents.reduce((total, document) => total + document.totalCents, 0);
      expect(invoiced).toBe(entries.reduce((total, entry) => total + entry.amountCents, 0));
    });
  },
);
