import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsReport, NAMED_CHANNELS, OTHER_CHANNEL } from '@shared/analytics/analytics.schema';
import { argentineDay } from '@shared/time';
import { createUser } from '../../../../tests/factories/accounts';
import { callAs, createPayWorld, type PayWorld } from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { linkClickDaily, linkClicks, linkVisitorGroups } from './analytics.table';
import { writeClicks, type ClickInput } from './click-recorder';
import { browserFamilyOf, isPersonVisit } from './click-source';

/** User agents of each browser family as real browsers write them, with their numbers drawn at random. */
const FAMILIES = {
  chrome: (n: number[]) =>
    `Mozilla/5.0 (Linux; Android ${n[0]}; SM-A${n[1]}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${n[2]}.0.${n[3]}.${n[4]} Mobile Safari/537.36`,
  firefox: (n: number[]) =>
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${n[2]}.0) Gecko/20100101 Firefox/${n[2]}.${n[3]}`,
  safari: (n: number[]) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS ${n[0]}_${n[1]} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${n[0]}.${n[1]} Mobile/15E${n[3]} Safari/604.1`,
  edge: (n: number[]) =>
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${n[2]}.0.0.0 Safari/537.36 Edg/${n[2]}.0.${n[3]}.${n[4]}`,
  samsung: (n: number[]) =>
    `Mozilla/5.0 (Linux; Android ${n[0]}; SM-S${n[1]}) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${n[0]}.${n[1]} Chrome/${n[2]}.0.0.0 Mobile Safari/537.36`,
  opera: (n: number[]) =>
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${n[2]}.0.0.0 Safari/537.36 OPR/${n[3]}.0.${n[4]}.0`,
  other: (n: number[]) =>
    `Mozilla/5.0 (X11; Linux x86_64) KHTML/${n[0]}.${n[1]} (like Gecko) Konqueror/${n[2]}.${n[3]}`,
} as const;
type Family = keyof typeof FAMILIES;

/** A random user agent of `family` (a few numbers changed: a different string every time). */
const randomAgent = (family: Family) =>
  FAMILIES[family](Array.from({ length: 5 }, () => Math.floor(Math.random() * 9000) + 10));

/** Waits until `count` statements of the database wait on a lock (5 s at most). */
async function untilWaiting(client: pg.Client, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    // A transaction sees one snapshot of the activity unless it asks for a new one.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.count >= count) return;
    await sleep(25);
  }
}

describe('link analytics that rotation cannot inflate (API.md "Analytics channels")', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV });
  });
  afterAll(() => t?.close());

  const analytics = () => t.app.linkAnalytics;
  /** One browser asking for a link's page, counted as the page would (then written on flush). */
  const click = (w: PayWorld, address: string, userAgent: string, src?: string) =>
    analytics().capture(
      { ip: address, headers: { 'user-agent': userAgent } },
      w.productId,
      new URLSearchParams({ ref: w.ref, ...(src ? { src } : {}) }),
    );
  async function report(user: PayWorld['seller'], role: 'seller' | 'company' | 'admin') {
    const response = await callAs(t, user, 'GET', `/api/${role}/analytics`);
    expect(response.statusCode).toBe(200);
    return { body: AnalyticsReport.parse(response.json()), bytes: response.body.length };
  }

  it('names the browser family of a user agent', () => {
    for (const family of Object.keys(FAMILIES) as Family[]) {
      const agent = randomAgent(family);
      expect(browserFamilyOf(agent), agent).toBe(family);
      expect(isPersonVisit({ 'user-agent': agent }), agent).toBe(true);
    }
    expect(
      browserFamilyOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0',
      ),
    ).toBe('safari');
    expect(browserFamilyOf('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 CriOS/120.0 Mobile')).toBe(
      'chrome',
    );
  });

  it('2,000 random user agents from one address are one unique visitor; every click still counts', async () => {
    const w = await createPayWorld(t);
    await Promise.all(
      Array.from({ length: 2000 }, () => click(w, '198.51.100.99', randomAgent('chrome'))),
    );
    await analytics().flush();
    const { body } = await report(w.seller, 'seller');
    expect(body).toMatchObject({ clicks: 2000, unique_visitors: 1 });
    expect(body.daily.at(-1)).toMatchObject({ clicks: 2000, unique_visitors: 1 });
    // Nothing but keyed hashes kept about the group.
    const groups = await t.db
      .select()
      .from(linkVisitorGroups)
      .where(eq(linkVisitorGroups.productId, w.productId));
    expect(groups).toHaveLength(1);
    expect(JSON.stringify(groups)).not.toMatch(/198\.51|chrome/i);
  });

  it('random user agents of every family from one address are one visitor per family; other networks and families still count', async () => {
    const w = await createPayWorld(t);
    const families = Object.keys(FAMILIES) as Family[];
    await Promise.all(
      Array.from({ length: 2100 }, (_, index) =>
        click(w, '2001:db8:5:6::1', randomAgent(families[index % families.length]!)),
      ),
    );
    // The same /64 from another address; then a Chrome from another /24, and one on another /64.
    await click(w, '2001:db8:5:6::2', randomAgent('firefox'));
    await click(w, '198.51.101.1', randomAgent('chrome'));
    await click(w, '2001:db8:5:7::1', randomAgent('chrome'));
    await analytics().flush();
    const { body } = await report(w.seller, 'seller');
    expect(body).toMatchObject({ clicks: 2103, unique_visitors: families.length + 2 });
  });

  it('5,000 junk src words: the seller’s day stores 20 named channels and `otros`, and each report stays small', async () => {
    const w = await createPayWorld(t);
    await click(w, '192.0.2.1', randomAgent('chrome'), 'whatsapp');
    await analytics().flush();
    await Promise.all(
      Array.from({ length: 5000 }, (_, index) =>
        click(w, '192.0.2.1', randomAgent('chrome'), `junk${index}`),
      ),
    );
    await analytics().flush();
    // A channel the day already stores stays named; another seller's day has its own room.
    await click(w, '192.0.2.1', randomAgent('chrome'), 'whatsapp');
    const other = await createPayWorld(t);
    await click(other, '192.0.2.1', randomAgent('chrome'), 'junk4999');
    await analytics().flush();

    const stored = await t.db
      .select({ channel: linkClickDaily.channel, clicks: linkClickDaily.clicks })
      .from(linkClickDaily)
      .where(eq(linkClickDaily.sellerKey, w.seller.id));
    expect(stored).toHaveLength(NAMED_CHANNELS + 1);
    expect(stored.find((row) => row.channel === 'whatsapp')?.clicks).toBe(2);
    expect(stored.find((row) => row.channel === OTHER_CHANNEL)?.clicks).toBe(5000 - 19);
    const clickChannels = await t.db
      .selectDistinct({ channel: linkClicks.channel })
      .from(linkClicks)
      .where(eq(linkClicks.productId, w.productId));
    expect(clickChannels).toHaveLength(NAMED_CHANNELS + 1);
    const [otherDay] = await t.db
      .select({ channel: linkClickDaily.channel })
      .from(linkClickDaily)
      .where(eq(linkClickDaily.sellerKey, other.seller.id));
    expect(otherDay?.channel).toBe('junk4999');

    const seller = await report(w.seller, 'seller');
    expect(seller.body.clicks).toBe(5002);
    expect(seller.body.by_channel).toHaveLength(NAMED_CHANNELS + 1);
    expect(seller.body.by_channel.at(-1)).toMatchObject({
      channel: OTHER_CHANNEL,
      clicks: 5000 - 19,
    });
    expect(seller.bytes).toBeLessThan(12_000);
  });

  // PGlite is one connection: its transactions never overlap, so only a server can race.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'two instances writing 20 new channels each for one seller’s day at once store 20 named channels in all (PostgreSQL)',
    async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const w = await createPayWorld(t);
      const at = new Date();
      const batch = (prefix: string): ClickInput[] =>
        Array.from({ length: NAMED_CHANNELS }, (_, index) => ({
          at,
          productId: w.productId,
          ref: w.ref,
          visitorHash: `visitante-${prefix}-${index}`,
          channel: `${prefix}${index}`,
          device: 'mobile',
          province: null,
          sessionToken: null,
        }));
      // Clicks cannot be appended until both writers wait on a lock: each has read the
      // day's channels by then, unless something queued the second behind the first.
      const locker = new pg.Client({ connectionString: t.config.databaseUrl });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table link_clicks in share mode');
        const writing = Promise.all([writeClicks(t.db, batch('a')), writeClicks(t.db, batch('b'))]);
        await untilWaiting(locker, 2);
        await locker.query('commit');
        await writing;
      } finally {
        await locker.end();
      }
      const stored = await t.db
        .select({ channel: linkClickDaily.channel, clicks: linkClickDaily.clicks })
        .from(linkClickDaily)
        .where(eq(linkClickDaily.sellerKey, w.seller.id));
      expect(stored).toHaveLength(NAMED_CHANNELS + 1);
      expect(stored.find((row) => row.channel === OTHER_CHANNEL)?.clicks).toBe(NAMED_CHANNELS);
    },
  );

  it('a report names the 20 busiest channels and sums the rest as `otros`, whatever the summaries hold', async () => {
    const w = await createPayWorld(t);
    const admin = await createUser(t.app, { role: 'admin' });
    const today = argentineDay(new Date());
    // 5,000 channels on one day, as summaries written before the cap would hold them.
    await t.db.insert(linkClickDaily).values(
      Array.from({ length: 5000 }, (_, index) => ({
        day: today,
        productId: w.productId,
        sellerKey: w.seller.id,
        channel: `viejo${index}`,
        companyId: w.company.id,
        clicks: index + 1,
        uniqueVisitors: 1,
      })),
    );
    const all = (5000 * 5001) / 2;
    const busiest = Array.from({ length: 20 }, (_, index) => 5000 - index);
    for (const [user, role] of [
      [w.seller, 'seller'],
      [w.company, 'company'],
      [admin, 'admin'],
    ] as const) {
      const { body, bytes } = await report(user, role);
      expect(body.by_channel, role).toHaveLength(NAMED_CHANNELS + 1);
      const named = body.by_channel.slice(0, NAMED_CHANNELS);
      if (role !== 'admin') {
        expect(named.map((row) => row.clicks)).toEqual(busiest);
        expect(body.by_channel.at(-1)).toMatchObject({
          channel: OTHER_CHANNEL,
          clicks: all - busiest.reduce((sum, clicks) => sum + clicks, 0),
          unique_visitors: 5000 - 20,
        });
      }
      const summed = body.by_channel.reduce((sum, row) => sum + row.clicks, 0);
      expect(summed, role).toBe(body.clicks);
      expect(body.best_channel).not.toBe(OTHER_CHANNEL);
      expect(bytes, role).toBeLessThan(12_000);
    }
    await t.db
      .delete(linkClickDaily)
      .where(
        and(
          eq(linkClickDaily.productId, w.productId),
          sql`${linkClickDaily.channel} like 'viejo%'`,
        ),
      );
  });
});
