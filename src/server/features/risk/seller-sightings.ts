import type { FastifyBaseLogger } from 'fastify';
import { argentineDay } from '@shared/time';
import type { Database } from '../../db/client';
import type { VisitorHasher } from '../analytics/visitor';
import { forgetOldSightings } from './risk-signals';
import { sellerSightings } from './risk.table';

/** The most (seller, visitor) pairs of a day one instance remembers having written. */
const REMEMBERED = 50_000;

/**
 * Notes the visitor hash (address and browser, with the day's salt) each
 * signed-in seller's requests come from, once per day and instance, off the
 * request's path: a buyer with that hash on the same day is the seller
 * (`self_purchase`). Nothing but the hash is kept, and only for two days.
 */
export class SellerSightings {
  private day = '';
  private readonly written = new Set<string>();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly hasher: VisitorHasher,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A request of this signed-in seller, from this address and browser. */
  seen(sellerId: string, address: string, userAgent: string, at = new Date()): void {
    const day = argentineDay(at);
    if (day !== this.day) {
      this.day = day;
      this.written.clear();
    }
    const seenKey = `${sellerId}|${address}|${userAgent}`;
    if (this.written.has(seenKey)) return;
    if (this.written.size >= REMEMBERED) this.written.clear();
    this.written.add(seenKey);
    const writing = this.write(sellerId, address, userAgent, at, day).catch((error: unknown) => {
      this.written.delete(seenKey);
      this.log.warn({ err: error }, 'seller sighting not written');
    });
    this.pending.add(writing);
    void writing.finally(() => this.pending.delete(writing));
  }

  /** Waits for the sightings being written (tests, and the app closing). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private async write(
    sellerId: string,
    address: string,
    userAgent: string,
    at: Date,
    day: string,
  ): Promise<void> {
    const visitorHash = await this.hasher.hash(address, userAgent, at);
    const first = this.written.size === 1;
    await this.db.transaction(async (tx) => {
      await tx.insert(sellerSightings).values({ visitorHash, day, sellerId }).onConflictDoNothing();
      // The first sighting an instance writes each day also forgets the old ones.
      if (first) await forgetOldSightings(tx, day);
    });
  }
}
