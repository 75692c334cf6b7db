import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsReport } from '@shared/analytics/analytics.schema';
import { PERIOD_MESSAGES } from '@shared/messages';
import { argentineDay, argentineTime } from '@shared/time';
import { createUser } from '../../../../tests/factories/accounts';
import {
  callAs,
  createPayWorld,
  placeTransferOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { orders } from '../orders/orders.table';
import { analyticsSalts, linkClickDaily, linkClicks } from './analytics.table';
import { writeClicks, type ClickInput } from './click-recorder';
import { channelOf, isPersonVisit } from './click-source';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Link previews, crawlers and bots as they really announce themselves: never a click. */
const NOT_PEOPLE = [
  'WhatsApp/2.23.20.0 A',
  'WhatsApp/2.2417.5 i',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'TelegramBot (like TwitterBot)',
  'Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
  '',
];

describe('link analytics: clicks on payment links, counted privately, and the funnel (API.md "Link analytics")', () => {
  let t: TestApp;
  let world: PayWorld;
  const logs: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(
      { ...UNLIMITED_PAY_ENV },
      (config) => {
        const webDir = path.join(config.dataDir, 'web');
        mkdirSync(webDir, { recursive: true });
        writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
        writeFileSync(
          path.join(webDir, 'pay.html'),
          '<!doctype html><html><head><title>VendeMás</title></head><body><div id="root"></div></body></html>',
        );
        return { ...config, webDir };
      },
      { logger: { level: 'info', stream } },
    );
    world = await createPayWorld(t);
  });
  afterAll(() => t?.close());

  const recorder = () => t.app.linkAnalytics;
  /** A browser (or whatever `userAgent` says) asks for a link's page from `address`. */
  const open = (
    url: string,
    options: { userAgent?: string; address?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: options.address ?? '198.51.100.10',
      headers: { 'user-agent': options.userAgent ?? PHONE, ...options.headers },
    });
  const clicksOf = (productId: string) =>
    t.db.select().from(linkClicks).where(eq(linkClicks.productId, productId));
  /** A company with a product, and a seller with a link to it, of their own. */
  async function newWorld() {
    const fresh = await createPayWorld(t);
    return fresh;
  }
  /** An analytics answer; a report is checked against the contract's schema (the route does not). */
  async function report(
    user: PayWorld['seller'],
    role: 'seller' | 'company' | 'admin',
    query = '',
  ) {
    const response = await callAs(t, user, 'GET', `/api/${role}/analytics${query}`);
    if (response.statusCode === 200) AnalyticsReport.parse(response.json());
    return response;
  }

  it('tells people from link previews, crawlers and prefetches (a table of real user agents)', () => {
    for (const userAgent of NOT_PEOPLE) {
      expect(isPersonVisit({ 'user-agent': userAgent }), userAgent).toBe(false);
    }
    for (const userAgent of [PHONE, IPHONE, DESKTOP]) {
      expect(isPersonVisit({ 'user-agent': userAgent }), userAgent).toBe(true);
      expect(isPersonVisit({ 'user-agent': userAgent, 'sec-purpose': 'prefetch' })).toBe(false);
      expect(isPersonVisit({ 'user-agent': userAgent, 'sec-purpose': 'prefetch;prerender' })).toBe(
        false,
      );
      expect(isPersonVisit({ 'user-agent': userAgent, purpose: 'prefetch' })).toBe(false);
    }
  });

  it('counts only people’s visits to a link’s page, and none of a preview, a bot or a prefetch', async () => {
    const w = await newWorld();
    const link = `/pay/${w.productId}?ref=${w.ref}&src=whatsapp`;
    for (const userAgent of NOT_PEOPLE) {
      expect((await open(link, { userAgent })).statusCode).toBe(200);
    }
    await open(link, { headers: { 'sec-purpose': 'prefetch' } });
    await open(link, { headers: { purpose: 'prefetch' } });
    await open(link, { userAgent: PHONE, address: '198.51.100.20' });
    await open(link, { userAgent: IPHONE, address: '198.51.100.21' });
    await recorder().flush();
    const clicks = await clicksOf(w.productId);
    expect(clicks.map((click) => [click.channel, click.device, click.sellerId]).sort()).toEqual([
      ['whatsapp', 'mobile', w.seller.id],
      ['whatsapp', 'mobile', w.seller.id],
    ]);
    expect(clicks.every((click) => click.uniqueVisit)).toBe(true);
    const [day] = await t.db
      .select()
      .from(linkClickDaily)
      .where(eq(linkClickDaily.productId, w.productId));
    expect(day).toMatchObject({ clicks: 2, uniqueVisitors: 2, channel: 'whatsapp' });
  });

  it('is one unique visit per visitor and link within 30 minutes of their last click', async () => {
    const w = await newWorld();
    const request = { ip: '198.51.100.30', headers: { 'user-agent': DESKTOP } };
    const query = new URLSearchParams({ ref: w.ref });
    // Noon of today's Argentine day: the next 70 minutes stay on one day, so on one salt.
    const start = argentineTime(argentineDay(new Date()), '12:00');
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    const analytics = t.app.linkAnalytics;
    await analytics.capture(request, w.productId, query, start);
    await analytics.capture(request, w.productId, query, minutes(10));
    await recorder().flush();
    // A later batch still sees the earlier clicks: 25 minutes after the last one is the same visit.
    await analytics.capture(request, w.productId, query, minutes(35));
    await analytics.capture(request, w.productId, query, minutes(70));
    // Another browser from the same address is another visitor; the company's own link is another link.
    await analytics.capture(
      { ip: '198.51.100.30', headers: { 'user-agent': IPHONE } },
      w.productId,
      query,
      minutes(70),
    );
    await analytics.capture(request, w.productId, new URLSearchParams(), minutes(71));
    await recorder().flush();
    const clicks = (await clicksOf(w.productId)).sort((a, b) => a.at.getTime() - b.at.getTime());
    expect(clicks.map((click) => click.uniqueVisit)).toEqual([
      true,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(clicks.at(-1)!.sellerId).toBeNull();
  });

  it('keeps no address: a keyed hash with a daily salt, no address in any table or log line', async () => {
    const w = await newWorld();
    const address = '203.0.113.77';
    await open(`/pay/${w.productId}?ref=${w.ref}`, { address });
    await recorder().flush();
    // Both drivers answer raw statements with their rows in `rows`.
    const { rows } = (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )) as unknown as { rows: { tablename: string }[] };
    expect(rows.length).toBeGreaterThan(20);
    for (const { tablename } of rows) {
      const dump = await t.db.execute(
        sql.raw(`select coalesce(string_agg(t::text, ' '), '') as text from "${tablename}" t`),
      );
      const text = JSON.stringify(dump);
      expect(text.includes(address), tablename).toBe(false);
    }
    expect(logs.join('').includes(address)).toBe(false);
    expect(logs.join('')).toContain(`/pay/${w.productId}`);

    // The same visitor is another hash on another day, and a past day's salt is gone.
    const hasher = t.app.linkAnalytics.hasher;
    const today = new Date();
    const inTwoDays = new Date(today.getTime() + 2 * 86_400_000);
    const first = await hasher.hash(address, PHONE, today);
    expect(await hasher.hash(address, PHONE, today)).toBe(first);
    expect(await hasher.hash(address, PHONE, inTwoDays)).not.toBe(first);
    // Making the later day's salt deleted every salt older than the day before it: today's too.
    const salts = (await t.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map(
      (salt) => salt.day,
    );
    expect(salts).toContain(argentineDay(inTwoDays));
    expect(salts).not.toContain(argentineDay(today));
    const dayBeforeIt = argentineDay(new Date(inTwoDays.getTime() - 86_400_000));
    expect(salts.every((day) => day >= dayBeforeIt)).toBe(true);
    expect(await hasher.hash(address, PHONE, today)).not.toBe(first);
  });

  it('does not count the company’s or the seller’s own signed-in visits, and counts another user’s', async () => {
    const w = await newWorld();
    const link = `/pay/${w.productId}?ref=${w.ref}`;
    const other = await createUser(t.app, { role: 'seller', name: 'Otra Vendedora' });
    await open(link, { headers: { cookie: w.company.cookie }, address: '198.51.100.40' });
    await open(link, { headers: { cookie: w.seller.cookie }, address: '198.51.100.41' });
    await open(link, { headers: { cookie: other.cookie }, address: '198.51.100.42' });
    await recorder().flush();
    expect(await clicksOf(w.productId)).toHaveLength(1);
  });

  it('attributes an order to its buyer’s click and channel, queued or written, else to its src', async () => {
    const w = await newWorld();
    const buyFrom = (address: string, body: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/pay/${w.productId}`,
        remoteAddress: address,
        headers: { origin: t.config.appUrl, 'user-agent': PHONE },
        payload: {
          provider: 'transferencia',
          ref: w.ref,
          buyer: { name: 'Beatriz Compradora', email: 'beatriz@example.com' },
          ...body,
        },
      });
    const orderOf = async (response: { json(): { order_id: string } }) =>
      (await t.db.select().from(orders).where(eq(orders.id, response.json().order_id)))[0]!;

    // Clicked from Instagram; buys before the click is written.
    await open(`/pay/${w.productId}?ref=${w.ref}&src=instagram`, { address: '198.51.100.50' });
    const queued = await orderOf(await buyFrom('198.51.100.50'));
    expect(queued.linkSource).toBe('instagram');
    await recorder().flush();
    const [click] = await clicksOf(w.productId);
    expect(queued.visitorHash).toBe(click!.visitorHash);
    // A second order of the same visitor, after the click was written.
    expect((await orderOf(await buyFrom('198.51.100.50'))).linkSource).toBe('instagram');
    // No click known (another address): the page's src, else direct.
    expect((await orderOf(await buyFrom('198.51.100.51', { src: 'qr' }))).linkSource).toBe('qr');
    expect((await orderOf(await buyFrom('198.51.100.52'))).linkSource).toBe('direct');
  });

  it('answers each actor the funnel of its own links, consistent with the orders to the unit', async () => {
    const w = await newWorld();
    const admin = await createUser(t.app, { role: 'admin' });
    const link = `/pay/${w.productId}?ref=${w.ref}&src=whatsapp`;
    // Three people on three networks (one /24 and browser family is one visitor a day).
    await open(link, { address: '198.51.100.60' });
    await open(link, { address: '203.0.113.61' });
    await open(link, { address: '203.0.113.61' }); // the same visit again
    await open(`/pay/${w.productId}`, { address: '192.0.2.62' }); // the company's own link
    await recorder().flush();
    // One order through the seller's link, confirmed by the company.
    const orderId = await placeTransferOrder(t, w);
    const confirmed = await callAs(
      t,
      w.company,
      'POST',
      `/api/company/orders/${orderId}/confirm-transfer`,
    );
    expect(confirmed.statusCode).toBe(200);

    const seller = (await report(w.seller, 'seller')).json();
    expect(seller).toMatchObject({
      clicks: 3,
      unique_visitors: 2,
      orders: 1,
      approved_orders: 1,
      conversion_bps: 5000,
      commission_cents: 75_000,
    });
    expect(seller.by_product).toEqual([
      expect.objectContaining({ product_id: w.productId, clicks: 3, orders: 1 }),
    ]);
    expect(seller.by_channel).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'whatsapp', clicks: 3 })]),
    );
    expect(seller.daily).toHaveLength(30);
    expect(seller.daily.at(-1)).toMatchObject({ clicks: 3, unique_visitors: 2, orders: 1 });
    expect(seller.best_day).toBe(seller.daily.at(-1).day);
    expect(seller.by_seller).toBeUndefined();

    const company = (await report(w.company, 'company')).json();
    expect(company).toMatchObject({ clicks: 4, unique_visitors: 3, orders: 1, approved_orders: 1 });
    expect(company.commission_cents).toBe(100_000);
    expect(company.by_seller).toEqual([
      expect.objectContaining({ seller_id: w.seller.id, name: 'Sergio Vendedor', clicks: 3 }),
    ]);

    const platform = (await report(admin, 'admin')).json();
    expect(platform.clicks).toBeGreaterThanOrEqual(4);
    expect(platform.by_seller.map((row: { seller_id: string }) => row.seller_id)).toContain(
      w.seller.id,
    );

    // Another company and seller see none of it.
    const stranger = await newWorld();
    const theirs = (await report(stranger.seller, 'seller')).json();
    expect(theirs).toMatchObject({ clicks: 0, orders: 0, by_product: [] });
    const theirCompany = (await report(stranger.company, 'company')).json();
    expect(theirCompany).toMatchObject({ clicks: 0, orders: 0, by_seller: [] });
    // Only admins read the platform.
    expect((await report(w.seller, 'admin')).statusCode).toBe(403);
  });

  it('refuses a wrong period with a Spanish 400', async () => {
    // A day that is none, a reversed period, one over 366 days, a `from` alone years back.
    for (const [query, message] of [
      ['?from=2026-13-45', PERIOD_MESSAGES.invalid],
      ['?from=2026-11-20&to=2026-11-01', PERIOD_MESSAGES.reversed],
      ['?from=2024-01-01&to=2026-11-01', PERIOD_MESSAGES.invalid],
      ['?from=2001-01-01', PERIOD_MESSAGES.invalid],
    ]) {
      const refused = await report(world.seller, 'seller', query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error, query).toMatchObject({ code: 'INVALID_PERIOD', message });
    }
    const week = (await report(world.seller, 'seller', '?from=2026-11-01&to=2026-11-07')).json();
    expect(week.daily.map((day: { day: string }) => day.day)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
  });

  it('names the channel by src, else by the referrer’s site, else direct', () => {
    const host = 'vendemas.com.ar';
    expect(channelOf('WhatsApp', '', host)).toBe('whatsapp');
    expect(channelOf('qr', 'https://l.instagram.com/', host)).toBe('qr');
    expect(channelOf('no valid!', 'https://l.instagram.com/?u=x', host)).toBe('instagram');
    expect(channelOf(undefined, 'https://wa.me/', host)).toBe('whatsapp');
    expect(channelOf(undefined, 'https://lm.facebook.com/l.php', host)).toBe('facebook');
    expect(channelOf(undefined, 'https://t.co/abc', host)).toBe('x');
    expect(channelOf(undefined, 'https://www.google.com.ar/', host)).toBe('google');
    expect(channelOf(undefined, 'https://www.mitienda.com.ar/blog', host)).toBe('mitienda.com.ar');
    expect(channelOf(undefined, `https://${host}/seller/catalogue`, host)).toBe('direct');
    expect(channelOf(undefined, 'not a url', host)).toBe('direct');
    expect(channelOf(undefined, '', host)).toBe('direct');
  });
  // PGlite is one connection: its transactions never overlap, so only a server can deadlock.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'writes two instances’ batches on the same summary rows at once, in opposite orders, without a deadlock on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
    async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const fresh = await newWorld();
      // 400 summary rows: 20 channels (a seller's day names at most 20) on 20 days.
      const keys = Array.from({ length: 400 }, (_, i) => ({
        channel: `canal-${String(i % 20).padStart(2, '0')}`,
        daysAgo: Math.floor(i / 20),
      }));
      const at = Date.now();
      const batch = (order: typeof keys): ClickInput[] =>
        order.map(({ channel, daysAgo }, i) => ({
          at: new Date(at - daysAgo * 86_400_000 + i),
          productId: fresh.productId,
          ref: fresh.ref,
          visitorHash: `visitante-${channel}-${daysAgo}`,
          channel,
          device: 'mobile',
          province: null,
          sessionToken: null,
        }));
      for (let round = 0; round < 3; round += 1) {
        const written = await Promise.allSettled([
          writeClicks(t.db, batch(keys)),
          writeClicks(t.db, batch([...keys].reverse())),
        ]);
        expect(written.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      }
      const rows = await t.db
        .select({ clicks: linkClickDaily.clicks })
        .from(linkClickDaily)
        .where(eq(linkClickDaily.productId, fresh.productId));
      expect(rows).toHaveLength(400);
      expect(rows.every((row) => row.clicks === 6)).toBe(true);
    },
  );
});
