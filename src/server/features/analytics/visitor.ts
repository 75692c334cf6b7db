import { createHmac, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { argentineDay } from '@shared/time';
import type { Database } from '../../db/client';
import { visitorNetwork } from '../../lib/client-key';
import { analyticsSalts, linkVisitorGroups } from './analytics.table';
import { browserFamilyOf } from './click-source';

/**
 * Visitors without storing who they are: a keyed hash of the address and the
 * browser with a random salt of the Argentine day, shared by every instance
 * through `analytics_salts`. The raw address is never written; once a day's
 * salt is deleted (the day after next), nobody can tell whose hash it was.
 */
export class VisitorHasher {
  private readonly salts = new Map<string, string | Promise<string>>();

  constructor(private readonly db: Database) {}

  /** The visitor hash of `address` and `userAgent` on the Argentine day of `at`. */
  async hash(address: string, userAgent: string, at: Date): Promise<string> {
    return (await this.hashes(address, userAgent, at)).visitor;
  }

  /**
   * The visitor hash, and its group's: the address's network (IPv4 /24, IPv6
   * /64) and the browser family, keyed with the same salt. A group has one
   * visitor a day per product (click-recorder.ts), however many user agents it sends.
   */
  async hashes(
    address: string,
    userAgent: string,
    at: Date,
  ): Promise<{ visitor: string; group: string }> {
    const salt = await this.saltOf(argentineDay(at));
    const keyed = (text: string) =>
      createHmac('sha256', salt).update(text).digest('base64url').slice(0, 22);
    return {
      visitor: keyed(`${address}\n${userAgent}`),
      group: keyed(`group\n${visitorNetwork(address)}\n${browserFamilyOf(userAgent)}`),
    };
  }

  private saltOf(day: string): string | Promise<string> {
    const known = this.salts.get(day);
    if (known !== undefined) return known;
    const loading = this.loadSalt(day).then(
      (salt) => {
        this.salts.set(day, salt);
        return salt;
      },
      (error: unknown) => {
        this.salts.delete(day);
        throw error;
      },
    );
    // Only this day's and the day before's salts are kept, here as in the database.
    const yesterday = dayBefore(day);
    for (const known of this.salts.keys()) if (known < yesterday) this.salts.delete(known);
    this.salts.set(day, loading);
    return loading;
  }

  /** The day's salt, made by the first instance that needs it; older salts are deleted. */
  private async loadSalt(day: string): Promise<string> {
    await this.db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(eq(analyticsSalts.day, day));
    await this.db.delete(analyticsSalts).where(lt(analyticsSalts.day, dayBefore(day)));
    // Groups of days whose salt is gone can never be matched again.
    await this.db.delete(linkVisitorGroups).where(lt(linkVisitorGroups.day, dayBefore(day)));
    if (!row) throw new Error(`no analytics salt for ${day}`);
    return row.salt;
  }
}

/** `YYYY-MM-DD` of the calendar day before `day`. */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
