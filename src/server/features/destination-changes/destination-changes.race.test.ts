import { and, desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  approvedSale,
  callAs,
  companyCall,
  companyPays,
  createPayWorld,
  PAY_WORLD_SALE,
  TRANSFER_CONFIG,
  uniqueCbu,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { notMeUrlContext } from '../notifications/destination-mails';
import { methodWithSecrets } from '../payments/payment-methods.service';
import { emailOutbox } from '../notifications/notifications.table';
import { profiles } from '../profiles/profiles.table';
import { payouts } from '../settlements/payouts.table';

/*
 * Changes of payout details, payout batches and 'No fui yo' at the same time.
 * Each test holds one of them inside its transaction with a table lock taken
 * from another connection (the statement it reaches next waits for it), starts
 * the other, then lets the first go on. PGlite is one connection and would
 * serialise them: PostgreSQL only.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const HOUR = 3_600_000;

describe.skipIf(!serverUrl)(
  'payout details, batches and «No fui yo» at once on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    let admin: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({
        ...UNLIMITED_PAY_ENV,
        SETTLEMENT_HOLD_DAYS: '0',
        PAYOUT_MINIMUM_CENTS: '50000',
      });
      admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
    });
    afterAll(() => t?.close());

    /** A seller with one sale they can be paid for now, and no payout details yet. */
    async function sellerWithMoney(): Promise<PayWorld> {
      const world = await createPayWorld(t);
      await approvedSale(t, world);
      await companyPays(t, admin, world.company, PAY_WORLD_SALE.owedCents, `TRF-${world.ref}`);
      return world;
    }

    const saveCbu = (world: PayWorld, cbu: string) =>
      callAs(t, world.seller, 'PATCH', '/api/seller/settings', {
        payment_method: 'bank',
        payment_details: { cbu },
      });
    const createBatch = () => callAs(t, admin, 'POST', '/api/admin/payouts/batches');
    const adminRow = async (world: PayWorld) =>
      (await callAs(t, admin, 'GET', '/api/admin/payouts'))
        .json()
        .sellers.find((seller: { seller_id: string }) => seller.seller_id === world.seller.id);
    const paidTo = async (world: PayWorld) =>
      (await t.db.select().from(payouts).where(eq(payouts.sellerId, world.seller.id))).map(
        (payout) => payout.destination.cbu,
      );

    /** Holds writes to `table` from another connection until released. */
    async function holdWritesTo(table: string) {
      const client = new pg.Client({ connectionString: t.config.databaseUrl });
      await client.connect();
      await client.query('begin');
      await client.query(`lock table ${table} in share mode`);
      return async () => {
        await client.query('commit');
        await client.end();
      };
    }

    /** Waits until `count` statements of the app wait for a lock (or `done` says to stop). */
    async function waitingOnLocks(count: number, done: () => boolean = () => false) {
      for (let attempt = 0; attempt < 100 && !done(); attempt += 1) {
        const result = (await t.db.execute(
          sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { waiting: number }[] };
        if ((result.rows[0]?.waiting ?? 0) >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    it('two changes at once: the second replaces the first, so the payouts wait, and each e-mail names what it replaced', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const world = await sellerWithMoney();
      const [first, second] = [uniqueCbu(), uniqueCbu()];
      const release = await holdWritesTo('destination_changes');
      // The first has written the seller's details and waits to record its change.
      const a = saveCbu(world, first);
      await waitingOnLocks(1);
      const b = saveCbu(world, second);
      await waitingOnLocks(2);
      await release();
      const answers = await Promise.all([a, b]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);

      const [seller] = await t.db.select().from(profiles).where(eq(profiles.id, world.seller.id));
      expect(seller!.paymentDetails.cbu).toBe(second);
      expect(seller!.payoutDetailsChangedAt).not.toBeNull();
      expect((await adminRow(world)).blocked_reason).toMatch(/^Datos de cobro cambiados el /);
      expect((await createBatch()).statusCode).toBe(409);
      expect(await paidTo(world)).toEqual([]);

      const mails = await t.db
        .select({ payload: emailOutbox.payload })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.userId, world.seller.id),
            eq(emailOutbox.kind, 'seller_payout_details_changed'),
          ),
        )
        .orderBy(emailOutbox.id);
      expect(mails.map(({ payload }) => [payload.before, payload.after])).toEqual([
        ['Sin datos de cobro', `CBU terminado en ${first.slice(-4)}`],
        [`CBU terminado en ${first.slice(-4)}`, `CBU terminado en ${second.slice(-4)}`],
      ]);
    });

    it('a batch and a change at once: the batch pays the details it read, never the new ones before their wait is over', async () => {
      const world = await sellerWithMoney();
      const old = uniqueCbu();
      expect((await saveCbu(world, old)).statusCode).toBe(200);
      const fresh = uniqueCbu();
      const release = await holdWritesTo('payout_batches');
      // The batch has read who to pay and waits to write itself.
      const batch = createBatch();
      await waitingOnLocks(1);
      const changed = await saveCbu(world, fresh);
      expect(changed.statusCode).toBe(200);
      await release();
      expect((await batch).statusCode).toBe(201);
      expect(await paidTo(world)).toEqual([old]);

      // Earned after the change: it waits for the hold, then goes to the new details.
      await approvedSale(t, world);
      await companyPays(t, admin, world.company, PAY_WORLD_SALE.owedCents, `TRF2-${world.ref}`);
      expect((await createBatch()).statusCode).toBe(409);
      await t.db
        .update(profiles)
        .set({ payoutDetailsChangedAt: new Date(Date.now() - 73 * HOUR) })
        .where(eq(profiles.id, world.seller.id));
      expect((await createBatch()).statusCode).toBe(201);
      expect(await paidTo(world)).toEqual([old, fresh]);
    });

    it('«No fui yo» and a batch at once: once the owner is told the payouts are held, no batch written after pays them', async () => {
      const world = await sellerWithMoney();
      expect((await saveCbu(world, uniqueCbu())).statusCode).toBe(200);
      expect((await saveCbu(world, uniqueCbu())).statusCode).toBe(200);
      // The hold is over: only the owner's answer stops the next payout.
      await t.db
        .update(profiles)
        .set({ payoutDetailsChangedAt: new Date(Date.now() - 80 * HOUR) })
        .where(eq(profiles.id, world.seller.id));
      const token = await notMeTokenOf(world.seller.id);

      const release = await holdWritesTo('payout_batches');
      const batch = createBatch();
      await waitingOnLocks(1);
      let answeredAt = 0;
      const answer = t.app
        .inject({
          method: 'POST',
          url: '/api/account/not-me',
          headers: { origin: t.config.appUrl },
          payload: { token },
        })
        .then((response) => {
          answeredAt = Date.now();
          return response;
        });
      await waitingOnLocks(2, () => answeredAt > 0);
      const batchReleasedAt = Date.now();
      await release();
      expect((await answer).statusCode).toBe(200);
      expect((await batch).statusCode).toBe(201);

      // The batch that had read the seller as payable was written before the answer came.
      const paid = await paidTo(world);
      expect(paid).toHaveLength(1);
      expect(answeredAt).toBeGreaterThanOrEqual(batchReleasedAt);
      // And every batch after it leaves the seller out.
      await approvedSale(t, world);
      await companyPays(t, admin, world.company, PAY_WORLD_SALE.owedCents, `TRF3-${world.ref}`);
      expect((await adminRow(world)).blocked_reason).toBe('En revisión');
      expect((await createBatch()).statusCode).toBe(409);
      expect(await paidTo(world)).toHaveLength(1);
    });

    it("two changes of a company's bank account at once: the second e-mail names the first as what it replaced, and disowning it puts the first back", async () => {
      const world = await createPayWorld(t);
      const transfer = (
        (await companyCall(t, world.company, 'GET', '/payment-methods')).json().items as {
          id: string;
          provider: string;
        }[]
      ).find((method) => method.provider === 'transferencia')!.id;
      const [first, second] = [uniqueCbu(), uniqueCbu()];
      const change = (cbu: string) =>
        companyCall(t, world.company, 'PATCH', `/payment-methods/${transfer}`, {
          config: { cbu },
        });
      const release = await holdWritesTo('destination_changes');
      const a = change(first);
      await waitingOnLocks(1);
      const b = change(second);
      await waitingOnLocks(2);
      await release();
      expect((await Promise.all([a, b])).map((answer) => answer.statusCode)).toEqual([200, 200]);

      const mails = await t.db
        .select({ payload: emailOutbox.payload })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.userId, world.company.id),
            eq(emailOutbox.kind, 'company_payment_method_changed'),
          ),
        )
        .orderBy(emailOutbox.id);
      const original = `CBU terminado en ${TRANSFER_CONFIG.cbu.slice(-4)} (alias terminado en NERA)`;
      expect(mails.slice(-2).map(({ payload }) => [payload.before, payload.after])).toEqual([
        [original, `CBU terminado en ${first.slice(-4)} (alias terminado en NERA)`],
        [
          `CBU terminado en ${first.slice(-4)} (alias terminado en NERA)`,
          `CBU terminado en ${second.slice(-4)} (alias terminado en NERA)`,
        ],
      ]);
      // Disowning the second puts back the first, as it was when the second replaced it.
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/account/not-me',
        headers: { origin: t.config.appUrl },
        payload: { token: await notMeTokenOf(world.company.id, 'company_payment_method_changed') },
      });
      expect(answer.statusCode).toBe(200);
      const bank = await methodWithSecrets(
        t.db,
        t.app.secretBox,
        world.company.id,
        'transferencia',
      );
      expect(bank?.config.cbu).toBe(first);
    });

    /** The 'No fui yo' link of the account's latest change, opened from its queued e-mail. */
    async function notMeTokenOf(
      userId: string,
      kind = 'seller_payout_details_changed',
    ): Promise<string> {
      const [mail] = await t.db
        .select({ payload: emailOutbox.payload })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, kind)))
        .orderBy(desc(emailOutbox.id))
        .limit(1);
      const { changeId, sealedNotMeUrl } = mail!.payload as {
        changeId: number;
        sealedNotMeUrl: string;
      };
      const url = t.app.secretBox.open(sealedNotMeUrl, notMeUrlContext(changeId));
      return new URL(url).searchParams.get('token')!;
    }
  },
);
