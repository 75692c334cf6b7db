import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { LoginTicket, TicketStore } from './arca/arca-types';
import { arcaLoginLeases, arcaTickets } from './invoicing.table';

/** Longer than one login takes (WSAA answers within the client's 30 s timeout). */
const LOGIN_LEASE_MS = 60_000;
const WAIT_STEP_MS = 250;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * WSAA tickets in the database, shared by every instance (`arca_tickets`),
 * with one login at a time per service through a lease (`arca_login_leases`).
 * An instance that finds the lease taken waits for it and then reads the
 * ticket the other one wrote (the client reads the store again inside the
 * lock), so ARCA sees one login per ticket.
 */
export function databaseTicketStore(db: Database, waitMs = LOGIN_LEASE_MS): TicketStore {
  return {
    async read(service) {
      const [row] = await db.select().from(arcaTickets).where(eq(arcaTickets.service, service));
      return row ? { token: row.token, sign: row.sign, expiresAt: row.expiresAt } : null;
    },
    async write(service, ticket: LoginTicket) {
      const values = { token: ticket.token, sign: ticket.sign, expiresAt: ticket.expiresAt };
      await db
        .insert(arcaTickets)
        .values({ service, ...values })
        .onConflictDoUpdate({
          target: arcaTickets.service,
          set: { ...values, updatedAt: sql`now()` },
        });
    },
    async withLoginLock(service, login) {
      const holder = randomUUID();
      const deadline = Date.now() + waitMs;
      while (!(await takeLoginLease(db, service, holder))) {
        if (Date.now() > deadline) {
          throw new Error(`Another instance has held the ARCA login for ${service} too long`);
        }
        await pause(WAIT_STEP_MS);
      }
      try {
        return await login();
      } finally {
        await db
          .update(arcaLoginLeases)
          .set({ leasedUntil: null, leasedBy: null })
          .where(and(eq(arcaLoginLeases.service, service), eq(arcaLoginLeases.leasedBy, holder)));
      }
    },
  };
}

/** A conditional update: only a free or lapsed lease is taken. */
async function takeLoginLease(db: Database, service: string, holder: string): Promise<boolean> {
  await db.insert(arcaLoginLeases).values({ service }).onConflictDoNothing();
  const taken = await db
    .update(arcaLoginLeases)
    .set({
      leasedBy: holder,
      leasedUntil: sql`now() + ${`${LOGIN_LEASE_MS} milliseconds`}::interval`,
    })
    .where(
      and(
        eq(arcaLoginLeases.service, service),
        or(isNull(arcaLoginLeases.leasedUntil), lt(arcaLoginLeases.leasedUntil, sql`now()`)),
      ),
    )
    .returning({ service: arcaLoginLeases.service });
  return taken.length === 1;
}
