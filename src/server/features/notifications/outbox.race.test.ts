import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, createPayWorld } from '../../../../tests/factories/pay-world';
import { startSmtpSink } from '../../../../tests/factories/smtp-sink';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createMailer, mailDomain } from '../mail/mailer';
import { emailOutbox } from './notifications.table';
import { startOutboxWorker, type OutboxDeps } from './outbox.worker';

/*
 * PGlite is one connection, so two workers there take turns and prove nothing
 * about leases: this needs a PostgreSQL server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'the outbox with a slow SMTP server and two instances on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    let second: DatabaseHandle;
    let sink: Awaited<ReturnType<typeof startSmtpSink>>;

    beforeAll(async () => {
      // 250 ms per message: a batch of 18 or more takes at least 4.5 s, three times the 1.5 s lease below.
      sink = await startSmtpSink({ delayMs: 250 });
      // One buyer places all six orders: the per-address and per-mailbox caps are not what is tested.
      t = await createTestApp(UNLIMITED_PAY_ENV);
      // The second instance has its own connections to the same database.
      second = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
      await sink?.close();
    });

    it('sends every message exactly once, each with its own stable Message-ID', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const world = await createPayWorld(t);
      // Setting up the world queues its own notices (the payment methods' change notices among them).
      const before = (
        await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'))
      ).length;
      for (let i = 0; i < 6; i += 1) {
        const placed = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
        expect(placed.statusCode).toBe(201);
      }
      const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
      // Each order queues three messages.
      expect(queued).toHaveLength(before + 18);

      const domain = mailDomain(t.config);
      const mailer = createMailer({
        smtpUrl: sink.url,
        from: t.config.mailFrom,
        dataDir: t.config.dataDir,
        log: t.app.log,
      });
      const render = async () => ({ subject: 'Aviso', html: '<p>Hola</p>', text: 'Hola' });
      const deps = (db: OutboxDeps['db']): OutboxDeps => ({
        db,
        mailer,
        render,
        log: t.app.log,
        messageDomain: domain,
      });
      // Small lease and timeout so the test takes seconds; the defaults are minutes.
      const options = { batch: 20, leaseMs: 1500, sendTimeoutMs: 1000 };
      const workers = [
        startOutboxWorker(deps(t.db), 50, options),
        startOutboxWorker(deps(second.db), 50, options),
      ];
      for (const worker of workers) worker.nudge();

      const deadline = Date.now() + 20_000;
      let pending = queued.length;
      while (pending > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        pending = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending')))
          .length;
      }
      await Promise.all(workers.map((worker) => worker.stop()));

      expect(pending).toBe(0);
      const ids = sink.received.map((mail) => mail.messageId);
      expect(ids).toHaveLength(queued.length);
      expect(new Set(ids).size).toBe(queued.length);
      const sent = await t.db.select().from(emailOutbox);
      expect(sent.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
      for (const row of sent) {
        expect(ids).toContain(
          `<outbox.${row.id}.${row.createdAt.getTime().toString(36)}@${domain}>`,
        );
      }
    });
  },
);
