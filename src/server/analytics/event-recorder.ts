import { isRefusedRow } from '../db/database.ts';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';
import type { Visit } from './analytics-store.ts';
import type { EventWriter } from './event-writer.ts';
import { agentOf, countryOf } from '../http/client-details.ts';
import { isBot, isPrefetch, referrerAddressOf, sourceOf, visitorHash } from './visitor.ts';
import { campaignValueOf } from '#shared/analytics.ts';
import { inAppBrowserOf } from '../http/in-app-browser.ts';

const BATCH_ROWS = 500;
const { visitorIds: VISITOR_MEMO_LIMIT } = MEMORY_BOUNDS;

/** What the recorder may hold while the database is slow or away. */
export interface RecorderLimits {
  /** Visitors in one window; past this the window is written at once. */
  windowVisitors: number;
  /** Full windows waiting behind the one being written; past this, new visitors are given up (repeats still count). */
  waitingWindows: number;
  /** Rows kept to write again; past this the oldest are given up. */
  retryRows: number;
}

const DEFAULT_LIMITS: RecorderLimits = {
  windowVisitors: MEMORY_BOUNDS.windowVisitors,
  waitingWindows: 2,
  retryRows: MEMORY_BOUNDS.retryRows,
};

/** The identical visits of one visitor in one window: same kind, page or link, referrer, utm_source and campaign. */
interface Tally {
  userId: number;
  linkId: number | null;
  referrer: string | undefined;
  utmSource: string | undefined;
  /** utm_source, utm_medium and utm_campaign as sent, cleaned when the window is written; undefined without any. */
  campaign: CampaignParams | undefined;
  hits: number;
}

/** A visit's UTM values as its address carried them (each null when absent). */
type CampaignParams = [source: string | null, medium: string | null, campaign: string | null];

/** The secret of a UTC day's visitor ids (dailySaltOf). */
export type SaltOf = (day: string) => Promise<string>;

/** Everything one visitor (address, browser, site host) did in the current window. */
interface VisitorWindow {
  window: number;
  at: number;
  ip: string;
  host: string;
  userAgent: string | undefined;
  /**
   * The visitor's visits with their repeats counted: by target (a link id for a
   * click, minus the profile id for a view), or by target, referrer and
   * utm_source as a string when it came with either. A repeat only adds one to
   * a count, so a window costs memory per distinct visit, not per request. The
   * map keeps the order visits first came in: the first may count.
   */
  tallies: Map<number | string, Tally>;
}

/**
 * Views and clicks are tallied in memory and written in batches, at least once a
 * second and on shutdown (DESIGN.md "Analytics"). The identical visits of one
 * visitor in one window share one row with a hits count, so the database writes
 * what differs, not every repeat (decision 004).
 *
 * A visit costs the request two lookups and a count: the visitor is found
 * through the connection it came on (a keep-alive connection carries one browser),
 * and everything derived (bot or not, device, source, visitor id) is worked out
 * once per visitor when the window is written.
 */
export class EventRecorder {
  private window = 0;
  private visitors = new Map<string, VisitorWindow>();
  /** The visitor a connection's last visit came from: most visits skip building the visitor's key. */
  private byConnection = new WeakMap<object, VisitorWindow>();
  /** Rows whose write failed (database unreachable), written again with the next window. */
  private retry: Visit[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** A window is being written (the timer then lets the current one grow). */
  private writing = false;
  /** Visitor ids of the current day, by address and user agent: one HMAC per visitor a day. */
  private visitorIds = new LRUCache<string, string>({ max: VISITOR_MEMO_LIMIT });
  private visitorIdsDay = '';
  private salt: { day: string; salt: string } | undefined;
  /** Visitors of windows handed to flush and not yet turned into rows. */
  private waitingVisitors = 0;
  private waitingWindows = 0;

  /** Visits written to the database, and given up after the retry buffer overflowed, since start. */
  readonly counts = { written: 0, givenUp: 0 };

  /** Visitors in the open window and in windows waiting to be written, and rows waiting to be written again. */
  get queued(): number {
    return this.visitors.size + this.waitingVisitors + this.retry.length;
  }

  constructor(
    private readonly write: EventWriter,
    private readonly saltOf: SaltOf,
    private readonly log: FastifyBaseLogger,
    private readonly limits: RecorderLimits = DEFAULT_LIMITS,
  ) {}

  /**
   * Count a visit the request made: a click on the link when linkId is given,
   * else a view of the profile. Both public-page paths call this. HEAD and
   * prefetch or prerender requests are not visits; bots are left out when the
   * window is written.
   */
  recordRequest(request: IncomingMessage, ip: string, userId: number, linkId: number | null): void {
    const headers = request.headers;
    if (request.method !== 'GET' || isPrefetch(headers)) return;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    if (query < 0) {
      this.record(userId, linkId, request.socket, ip, headers.host ?? '', headers['user-agent'], headers.referer);
      return;
    }
    const params = new URLSearchParams(url.slice(query + 1));
    // The source: utm_source, or the shorter ref= the site's own QR codes carry.
    const utmSource = params.get('utm_source') ?? params.get('ref') ?? undefined;
    // Read as sent: cleaning waits for the window's write, off the request.
    const campaign: CampaignParams = [params.get('utm_source'), params.get('utm_medium'), params.get('utm_campaign')];
    const anyUtm = campaign[0] !== null || campaign[1] !== null || campaign[2] !== null;
    this.record(
      userId,
      linkId,
      request.socket,
      ip,
      headers.host ?? '',
      headers['user-agent'],
      headers.referer,
      utmSource,
      anyUtm ? campaign : undefined,
    );
  }

  /** Count a visit: a click on the link when linkId is given, else a view of the profile. */
  record(
    userId: number,
    linkId: number | null,
    connection: object,
    ip: string,
    host: string,
    userAgent: string | undefined,
    referrer: string | undefined,
    utmSource?: string,
    campaign?: CampaignParams,
  ): void {
    let visitor = this.byConnection.get(connection);
    if (
      visitor === undefined ||
      visitor.window !== this.window ||
      visitor.userAgent !== userAgent ||
      visitor.host !== host ||
      visitor.ip !== ip
    ) {
      visitor = this.visitorOf(ip, host, userAgent);
      if (visitor === undefined) return;
      this.byConnection.set(connection, visitor);
    }
    const target = linkId ?? -userId;
    if (referrer === undefined && utmSource === undefined && campaign === undefined) {
      const tally = visitor.tallies.get(target);
      if (tally !== undefined) tally.hits += 1;
      else visitor.tallies.set(target, { userId, linkId, referrer, utmSource, campaign, hits: 1 });
    } else {
      const key = `${target} ${referrer ?? ''}\n${utmSource ?? ''}\n${campaign?.join('\n') ?? ''}`;
      const tally = visitor.tallies.get(key);
      if (tally !== undefined) tally.hits += 1;
      else visitor.tallies.set(key, { userId, linkId, referrer, utmSource, campaign, hits: 1 });
    }
  }

  private visitorOf(ip: string, host: string, userAgent: string | undefined): VisitorWindow | undefined {
    const key = `${ip}\n${host}\n${userAgent}`;
    let visitor = this.visitors.get(key);
    if (visitor === undefined) {
      if (this.visitors.size >= this.limits.windowVisitors) {
        if (this.waitingWindows > this.limits.waitingWindows) {
          // The database is not keeping up (or not answering): a full window is kept, the rest given up.
          this.counts.givenUp += 1;
          return undefined;
        }
        void this.flush();
      }
      visitor = { window: this.window, at: Date.now(), ip, host, userAgent, tallies: new Map() };
      this.visitors.set(key, visitor);
    }
    return visitor;
  }

  /**
   * Write the window once a second, unless the last one is still being written:
   * then the window goes on collecting (its repeats only add to counts), so a
   * slow database gets fewer, larger batches instead of a growing queue.
   */
  start(intervalMs = 1000): void {
    this.timer = setInterval(() => {
      if (!this.writing) void this.flush();
    }, intervalMs);
    this.timer.unref();
  }

  /** Write everything recorded so far; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    const visitors = [...this.visitors.values()];
    const closedAt = Date.now();
    this.visitors = new Map();
    this.window += 1;
    this.writing = true;
    this.waitingVisitors += visitors.length;
    this.waitingWindows += 1;
    const flushed = (this.flushing = this.flushing.then(async () => {
      let visits: Visit[] = [];
      try {
        visits = await this.visitsOf(visitors);
      } catch (error) {
        // Without the day's salt (the database did not answer) the window cannot be written: it is dropped, and said so.
        this.log.error({ err: error, visitors: visitors.length }, 'analytics window dropped: no visitor-id salt');
        this.counts.givenUp += visitors.length;
      } finally {
        this.waitingVisitors -= visitors.length;
        this.waitingWindows -= 1;
      }
      const rows = [...this.retry.splice(0), ...visits];
      await this.writeRows(rows);
      // Every visit recorded before closedAt is now written (or kept to retry): the crash test reads this.
      this.log.debug({ closedAt, rows: rows.length, retry: this.retry.length }, 'analytics window written');
      if (this.flushing === flushed) this.writing = false;
    }));
    return flushed;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** The visits of a window's visitors; a bot's visits are not counted. */
  private async visitsOf(visitors: VisitorWindow[]): Promise<Visit[]> {
    const visits: Visit[] = [];
    for (const visitor of visitors) {
      const { userAgent } = visitor;
      if (isBot(userAgent)) continue;
      const at = new Date(visitor.at).toISOString();
      const visitorHash = await this.visitorId(at.slice(0, 10), visitor.ip, userAgent!);
      const { device, browser } = agentOf(userAgent!);
      const inApp = inAppBrowserOf(userAgent)?.app ?? '';
      const country = countryOf(visitor.ip);
      for (const tally of visitor.tallies.values()) {
        const referrer = tally.referrer?.slice(0, 500) ?? null;
        visits.push({
          kind: tally.linkId === null ? 'view' : 'click',
          userId: tally.userId,
          linkId: tally.linkId,
          at,
          referrer,
          source: sourceOf(tally.referrer, visitor.host, tally.utmSource),
          referrerAddress: referrerAddressOf(tally.referrer, visitor.host),
          campaign: tally.campaign ? campaignValueOf(...tally.campaign) : '',
          country,
          device,
          browser,
          inApp,
          visitorHash,
          hits: tally.hits,
        });
      }
    }
    return visits;
  }

  /** The visitor's id for a UTC day: an HMAC with that day's salt, remembered for the day. */
  private async visitorId(day: string, ip: string, userAgent: string): Promise<string> {
    if (this.salt?.day !== day) this.salt = { day, salt: await this.saltOf(day) };
    if (day !== this.visitorIdsDay) {
      this.visitorIds.clear();
      this.visitorIdsDay = day;
    }
    const key = `${ip}\n${userAgent}`;
    let id = this.visitorIds.get(key);
    if (id === undefined) {
      id = visitorHash(this.salt.salt, ip, userAgent);
      this.visitorIds.set(key, id);
    }
    return id;
  }

  private async writeRows(rows: Visit[]): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      // Let waiting requests run between batches.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = rows.slice(start, start + BATCH_ROWS);
      try {
        await this.write(batch);
        this.counts.written += batch.length;
      } catch (error) {
        // One bad row (its profile deleted meanwhile) must not cost the others:
        // write them one by one. If the database itself is down or not answering,
        // keep them all for later (one by one would wait for it once per row).
        const kept = isRefusedRow(error) ? await this.writeOneByOne(batch) : batch;
        if (kept.length > 0) {
          this.retry = this.retry.concat(kept, rows.slice(start + BATCH_ROWS));
          const givenUp = this.retry.length - this.limits.retryRows;
          if (givenUp > 0) {
            this.retry.splice(0, givenUp);
            this.counts.givenUp += givenUp;
          }
          this.log.error(
            { err: error, kept: this.retry.length, givenUp: Math.max(givenUp, 0) },
            'writing analytics events failed; will retry',
          );
          return;
        }
      }
    }
  }

  /** The rows that could not be written because the database did not answer. */
  private async writeOneByOne(rows: Visit[]): Promise<Visit[]> {
    const kept: Visit[] = [];
    for (const row of rows) {
      try {
        await this.write([row]);
        this.counts.written += 1;
      } catch (error) {
        if (!isRefusedRow(error)) kept.push(row);
      }
    }
    return kept;
  }
}
