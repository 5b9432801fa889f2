import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '#shared/constants.ts';
import type { BrokenLink } from '../mail/mail-templates.ts';
import { localDayOf } from '#shared/time-zone.ts';
import type { Db } from '../db/database.ts';
import { type ProbeOptions, type ProbeResult, probeAddress } from './address-probe.ts';
import {
  type CheckFindings,
  type DueCheck,
  brokenLinksOf,
  claimCheck,
  dueChecks,
  forgetCheck,
  linksNeverScheduled,
  recordCheck,
  scheduleLinks,
} from './link-checks.repository.ts';

/** Addresses asked at once by one instance: a handful, so that checking never crowds the server or anyone's site. */
const CONCURRENCY = 4;
const BATCH = 100;
/** A check under way belongs to its instance this long; if that instance died, another takes it after. */
const LEASE_MS = 5 * 60_000;
const POLL_MS = 5 * 60_000;
const FIRST_POLL_MS = 2 * 60_000;

const LINK_CHECK_TIMEOUT_MS = 10_000;
const LINK_CHECK_MAX_REDIRECTS = 5;

/**
 * Where in the day a link is first checked: a fixed spot per link, spread
 * evenly (Fibonacci hashing), so that a thousand links made in one minute are
 * checked over the day rather than all at once. Each check after comes a day
 * after the last, which keeps the spread.
 */
export function firstCheckAt(linkId: number, now: number): number {
  const spot = (Math.imul(linkId, 0x9e3779b1) >>> 0) / 2 ** 32;
  return now + Math.floor(spot * DAY_MS);
}

/** What a check found, added to what the link's earlier checks found. */
export function findingsOf(check: DueCheck, result: ProbeResult, now: number): CheckFindings {
  const at = new Date(now).toISOString();
  const times = { url: check.url, checkedAt: at, nextCheckAt: new Date(now + DAY_MS).toISOString() };
  const sameAddress = check.checkedUrl === check.url;
  // A new address starts from nothing: the old one's failures say nothing about it.
  const before = sameAddress ? check : { failures: 0, failingSince: null };
  if (result.outcome === 'ok') return { ...times, failures: 0, failingSince: null, reason: null, httpStatus: null };
  if (result.outcome === 'failed') {
    return {
      ...times,
      failures: before.failures + 1,
      failingSince: before.failures > 0 ? before.failingSince : at,
      reason: result.reason,
      httpStatus: result.status,
    };
  }
  // Inconclusive: the verdict so far stands (a new address has none yet), and the next check is a day away.
  return sameAddress ? times : { ...times, failures: 0, failingSince: null, reason: null, httpStatus: null };
}

export interface LinkCheckerOptions extends Omit<ProbeOptions, 'timeoutMs' | 'maxRedirects'> {
  /** LINK_CHECKS: off, nothing is ever checked and the dashboard says so. */
  enabled: boolean;
  timeoutMs?: number;
}

/**
 * The broken-link checker (issue 31): every few minutes, each instance takes
 * the links that are due from the table, checks a handful at a time, and
 * writes what it found. Runs are never concurrent within an instance, and a
 * lease keeps two instances off the same link.
 */
export class LinkChecker {
  private timer: NodeJS.Timeout | undefined;
  private firstPoll: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: LinkCheckerOptions,
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  start(): void {
    if (!this.enabled) return;
    const poll = () => void this.run().catch((error: unknown) => this.log.error({ err: error }, 'the link checks failed'));
    this.firstPoll = setTimeout(poll, FIRST_POLL_MS);
    this.firstPoll.unref();
    this.timer = setInterval(poll, POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.firstPoll);
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Schedules new links and checks every due one (tests pass their clock). How many addresses were asked. */
  run(now = Date.now()): Promise<number> {
    if (!this.enabled || this.stopped) return Promise.resolve(0);
    // A run asked for while one is under way waits for it, then runs with its own clock.
    const previous = this.running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => this.pass(now));
    this.running = next.finally(() => {
      if (this.running === next) this.running = undefined;
    });
    return next;
  }

  private async pass(now: number): Promise<number> {
    for (;;) {
      const fresh = await linksNeverScheduled(this.db, BATCH);
      await scheduleLinks(
        this.db,
        fresh.map((link) => ({ linkId: link.id, url: link.url, nextCheckAt: new Date(firstCheckAt(link.id, now)).toISOString() })),
      );
      if (fresh.length < BATCH) break;
    }
    let asked = 0;
    for (;;) {
      const due = await dueChecks(this.db, new Date(now).toISOString(), BATCH);
      const queue = [...due];
      const worker = async () => {
        for (let check = queue.shift(); check && !this.stopped; check = queue.shift()) {
          if (await this.checkOne(check, now)) asked += 1;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      if (due.length < BATCH || this.stopped) return asked;
    }
  }

  private async checkOne(check: DueCheck, now: number): Promise<boolean> {
    if (!(await claimCheck(this.db, check, new Date(now).toISOString(), new Date(now + LEASE_MS).toISOString()))) return false;
    if (!/^https?:\/\//.test(check.url)) {
      await forgetCheck(this.db, check.linkId);
      return false;
    }
    const result = await probeAddress(check.url, {
      ...this.options,
      timeoutMs: this.options.timeoutMs ?? LINK_CHECK_TIMEOUT_MS,
      maxRedirects: LINK_CHECK_MAX_REDIRECTS,
    });
    await recordCheck(this.db, check.linkId, findingsOf(check, result, now));
    return true;
  }
}

/** The owner's links that failed their last two checks in a row: why, and since when. */
export async function brokenLinksReport(db: Db, ownerId: number) {
  const rows = await brokenLinksOf(db, ownerId);
  return rows.flatMap((row) =>
    row.reason && row.failingSince && row.checkedAt
      ? [{ linkId: row.linkId, reason: row.reason, httpStatus: row.httpStatus, since: row.failingSince, checkedAt: row.checkedAt }]
      : [],
  );
}

/** Each link the daily checks found broken, since the day it began failing in the profile's days: the summary's mail writes them. */
export async function brokenLinkLines(db: Db, userId: number, timeZone: string): Promise<BrokenLink[]> {
  const rows = await brokenLinksOf(db, userId);
  return rows.flatMap(({ title, reason, httpStatus, failingSince }) =>
    reason && failingSince ? [{ title, reason, httpStatus, since: localDayOf(failingSince, timeZone) }] : [],
  );
}
