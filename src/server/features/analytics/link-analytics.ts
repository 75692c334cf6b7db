import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { linkClicks } from './analytics.table';
import { ClickRecorder } from './click-recorder';
import { channelOf, deviceOf, isPersonVisit, sessionTokenOf } from './click-source';
import { VisitorHasher } from './visitor';

type Headers = Record<string, string | string[] | undefined>;

export interface LinkAnalyticsOptions {
  /** How often queued clicks are written (0: only on flush, for tests). */
  flushMs: number;
  maxQueue: number;
  /** The app's host: a referrer on it is no channel. */
  appHost: string;
  /** A header a trusted proxy sets with the visitor's region (province), if any. */
  regionHeader: string | undefined;
}

/** How long after a click an order is still attributed to it (the visitor hash changes daily anyway). */
const ATTRIBUTION_MS = 24 * 3_600_000;

const PRODUCT_ID = /^[\w-]{1,64}$/;

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * Link analytics' entry points for other features: a payment link's page
 * counts a click (`capture`), and an order keeps the click it came from
 * (`attribute`).
 */
export class LinkAnalytics {
  readonly recorder: ClickRecorder;
  readonly hasher: VisitorHasher;
  private readonly capturing = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: LinkAnalyticsOptions,
  ) {
    this.recorder = new ClickRecorder(db, log, options);
    this.hasher = new VisitorHasher(db);
  }

  /**
   * A request for `/pay/:productId`: counted when a person's browser asked
   * (not a bot, a preview or a prefetch). Nothing here waits for the database
   * but the day's salt, once a day: the click is queued and written later.
   */
  capture(
    request: { ip: string; headers: Headers },
    productId: string,
    query: URLSearchParams,
    at = new Date(),
  ): Promise<void> {
    if (!PRODUCT_ID.test(productId) || !isPersonVisit(request.headers)) return Promise.resolve();
    const userAgent = first(request.headers['user-agent']);
    const region = this.options.regionHeader
      ? first(request.headers[this.options.regionHeader]).slice(0, 60) || null
      : null;
    const ref = query.get('ref');
    const capturing = this.hasher.hashes(request.ip, userAgent, at).then(
      (visitor) =>
        this.recorder.record({
          at,
          productId,
          ref: ref && ref.length <= 64 ? ref : null,
          visitorHash: visitor.visitor,
          visitorGroup: visitor.group,
          channel: channelOf(
            query.get('src'),
            first(request.headers.referer),
            this.options.appHost,
          ),
          device: deviceOf(request.headers),
          province: region,
          sessionToken: sessionTokenOf(request.headers),
        }),
      (error: unknown) => this.log.warn({ err: error }, 'click not counted'),
    );
    // Only the first click of a day waits here (for the day's salt).
    this.capturing.add(capturing);
    void capturing.finally(() => this.capturing.delete(capturing));
    return capturing;
  }

  /** Writes every click captured so far, those still being hashed included. */
  async flush(): Promise<number> {
    await Promise.all([...this.capturing]);
    return this.recorder.flush();
  }

  /** Stops writing on a timer, after writing what was captured (the app is closing). */
  async stop(): Promise<void> {
    await Promise.all([...this.capturing]);
    await this.recorder.stop();
  }

  /**
   * The click an order comes from: the buyer's visitor hash now and the
   * channel of their latest click on this product (still queued, or written
   * within a day); without one, the `src` the page was opened with, else `direct`.
   */
  async attribute(input: {
    address: string;
    userAgent: string;
    productId: string;
    src: string | undefined;
    at: Date;
  }): Promise<{ visitorHash: string; linkSource: string }> {
    const visitorHash = await this.hasher.hash(input.address, input.userAgent, input.at);
    const queued = this.recorder.pendingChannel(visitorHash, input.productId);
    if (queued) return { visitorHash, linkSource: queued };
    const [click] = await this.db
      .select({ channel: linkClicks.channel })
      .from(linkClicks)
      .where(
        and(
          eq(linkClicks.visitorHash, visitorHash),
          eq(linkClicks.productId, input.productId),
          gt(linkClicks.at, new Date(input.at.getTime() - ATTRIBUTION_MS)),
        ),
      )
      .orderBy(desc(linkClicks.at))
      .limit(1);
    return {
      visitorHash,
      linkSource: click?.channel ?? channelOf(input.src, '', this.options.appHost),
    };
  }
}
