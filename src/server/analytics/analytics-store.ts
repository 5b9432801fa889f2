import { LRUCache } from 'lru-cache';
import { REPEAT_WINDOW_MINUTES, hourValueOf } from '#shared/analytics.ts';
import { wallTimeOf } from '#shared/time-zone.ts';
import type { Db } from '../db/database.ts';
import { BULK_ROWS_PER_STATEMENT } from '../db/query-shortcuts.ts';
import { insertActivities } from '../journal/activity.repository.ts';
import { timeZonesOfUsers } from '../users/users.repository.ts';
import type { AnalyticsDailyTable, AnalyticsDimension } from '../db/schema.ts';
import { addToRollups, insertEvents, markFirstClicks, upsertWindows, viewCampaignsOf } from './analytics-writes.repository.ts';

// Where counted visits go (DESIGN.md "Analytics", issue 10). One batch is one
// transaction: the visitor windows decide which visits count and which visitors
// are new today, the raw events keep every request, and the daily rollups, the
// only thing screens read, take the batch's sums. The same code runs on
// PostgreSQL (the app's pool) and on SQLite (the writer thread's connection).

/** A visitor's identical visits of one window (decision 004): one profile or one link, one referrer. */
export interface Visit {
  kind: 'view' | 'click';
  userId: number;
  linkId: number | null;
  /** When the window's first such visit came (ISO). */
  at: string;
  referrer: string | null;
  source: string;
  /** The full referring address (referrerAddressOf), '' for none or our own site. */
  referrerAddress: string;
  /** The campaign's rollup value (campaignValueOf), '' without UTM values; a click without its own takes its visitor's view's. */
  campaign: string;
  country: string;
  device: string;
  browser: string;
  /** The app whose own browser it came in, '' for none. */
  inApp: string;
  visitorHash: string;
  hits: number;
}

const REPEAT_WINDOW_MS = REPEAT_WINDOW_MINUTES * 60_000;

type RollupRow = AnalyticsDailyTable;

function chunksOf<Row>(rows: readonly Row[]): Row[][] {
  const chunks: Row[][] = [];
  for (let start = 0; start < rows.length; start += BULK_ROWS_PER_STATEMENT)
    chunks.push(rows.slice(start, start + BULK_ROWS_PER_STATEMENT));
  return chunks;
}

const windowKeyOf = (userId: number, target: number, visitorHash: string) => `${userId} ${target} ${visitorHash}`;

/**
 * The window target of a visitor's clicks on any link of a profile: it tells
 * whether they are a new clicker today, so that the day's unique clicks count
 * people who clicked (the conversion rate's numerator), not people per link.
 * Views use 0, a link its id.
 */
const ANY_LINK = -1;

/** How long a writer trusts a profile's time zone it read: a change applies to visits within a minute. */
const ZONE_TTL_MS = 60_000;

/**
 * What a writer remembers between batches. The visitor windows it decided
 * lately: a visit that falls inside one (before its end, on the same day) is a
 * repeat whatever other instances did since, as windows only move forward; so
 * it needs no question to the database, and only its raw event is written.
 * Anything else is asked. And the profiles' time zones, for a minute. Both bounded.
 */
export class WriterMemory {
  private readonly entries: LRUCache<string, { repeatUntil: string; day: string }>;
  private readonly zones: LRUCache<number, { zone: string; until: number }>;

  constructor(limit: number) {
    // lru-cache needs a bound of at least one; remembering is never wrong, only forgetting is slower.
    this.entries = new LRUCache({ max: Math.max(limit, 1) });
    this.zones = new LRUCache({ max: Math.max(limit, 1) });
  }

  zoneOf(userId: number, now: number): string | undefined {
    const known = this.zones.get(userId);
    return known !== undefined && known.until > now ? known.zone : undefined;
  }

  rememberZone(userId: number, zone: string, now: number): void {
    this.zones.set(userId, { zone, until: now + ZONE_TTL_MS });
  }

  isRepeat(key: string, at: string, day: string): boolean {
    const open = this.entries.get(key);
    return open !== undefined && at < open.repeatUntil && day <= open.day;
  }

  remember(key: string, repeatUntil: string, day: string): void {
    this.entries.set(key, { repeatUntil, day });
  }
}

/** A visit's day and hour in its profile's time zone: 'YYYY-MM-DDTHH'. */
type LocalHour = string;

/**
 * The local day and hour of each visit, worked out once per time zone and
 * time: the visits of one window share their time, and most profiles share a zone.
 */
function hoursOf(visits: readonly Visit[], zones: ReadonlyMap<number, string>): LocalHour[] {
  const known = new Map<string, string>();
  let lastKey = '';
  let lastHour = '';
  return visits.map((visit) => {
    const zone = zones.get(visit.userId)!;
    const key = `${zone} ${visit.at}`;
    if (key === lastKey) return lastHour;
    let hour = known.get(key);
    if (hour === undefined) {
      hour = wallTimeOf(visit.at, zone).slice(0, 13);
      known.set(key, hour);
    }
    lastKey = key;
    lastHour = hour;
    return hour;
  });
}

/**
 * A batch's sums for the daily rollups, by profile, day, kind, dimension and
 * value (nested maps: a visit adds to five rows without building a key for
 * each). Clicks are shown per link; where visitors come from, and on what, is
 * told by the views.
 */
class DailyRollups {
  private readonly byProfile = new Map<number, Map<string, Map<AnalyticsDimension, Map<string, RollupRow>>>>();

  /**
   * `unique` is the visitor's first of the day for this target; `newClicker`, for a click, their first click of
   * the day on any link; `campaign`, the click's campaign (its own, or its visitor's view's).
   */
  add(visit: Visit, localHour: LocalHour, counted: number, unique: number, newClicker: number, campaign: string): void {
    const day = localHour.slice(0, 10);
    let byDay = this.byProfile.get(visit.userId);
    if (byDay === undefined) this.byProfile.set(visit.userId, (byDay = new Map()));
    const dayKind = `${day} ${visit.kind}`;
    let byDimension = byDay.get(dayKind);
    if (byDimension === undefined) byDay.set(dayKind, (byDimension = new Map()));
    const add = (dimension: AnalyticsDimension, value: string, uniques: number) => {
      let byValue = byDimension.get(dimension);
      if (byValue === undefined) byDimension.set(dimension, (byValue = new Map()));
      const row = byValue.get(value);
      if (row) {
        row.visits += counted;
        row.uniques += uniques;
      } else {
        byValue.set(value, { userId: visit.userId, day, kind: visit.kind, dimension, value, visits: counted, uniques });
      }
    };
    if (visit.linkId !== null) {
      add('total', '', newClicker);
      add('link', String(visit.linkId), unique);
      if (campaign) add('campaign', campaign, newClicker);
      return;
    }
    add('total', '', unique);
    add('source', visit.source, unique);
    add('country', visit.country, unique);
    add('device', visit.device, unique);
    add('browser', visit.browser, unique);
    if (visit.inApp) add('app', visit.inApp, unique);
    add('hour', hourValueOf(day, Number(localHour.slice(11, 13))), unique);
    if (visit.referrerAddress) add('referrer', visit.referrerAddress, unique);
    if (visit.campaign) add('campaign', visit.campaign, unique);
  }

  /** The rows in the table's key order: one lock order for concurrent writers (several instances), and neighbours written together. */
  rows(): RollupRow[] {
    const rows: RollupRow[] = [];
    for (const byDay of this.byProfile.values())
      for (const byDimension of byDay.values())
        for (const byValue of byDimension.values()) for (const row of byValue.values()) rows.push(row);
    return rows.sort(
      (a, b) =>
        a.userId - b.userId ||
        compareText(a.day, b.day) ||
        compareText(a.kind, b.kind) ||
        compareText(a.dimension, b.dimension) ||
        compareText(a.value, b.value),
    );
  }
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The visits in time order (a stable sort, skipped when they already are, as the recorder hands them). */
function inTimeOrder(visits: Visit[]): Visit[] {
  for (let index = 1; index < visits.length; index += 1) {
    if (visits[index]!.at < visits[index - 1]!.at) return visits.sort((a, b) => compareText(a.at, b.at));
  }
  return visits;
}

/**
 * Write a batch of visits; throws (and writes nothing) if the database fails.
 * `open` is the writer's memory of windows (one per writer; a fresh one is always correct, only slower).
 * One transaction, in steps: the profiles' time zones give each visit its day;
 * the visitor windows decide which visits count and which visitors are new
 * today; every visit is kept as a raw event; a link's first counted click is
 * told in Recent Activity; the daily rollups take the batch's sums.
 */
export async function storeVisits(db: Db, visits: readonly Visit[], open = new WriterMemory(0)): Promise<void> {
  if (visits.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const zones = await timeZonesOf(trx, visits, open);
    // Visits of a profile deleted meanwhile are dropped.
    const live = inTimeOrder(visits.filter((visit) => zones.get(visit.userId) !== ''));
    if (live.length === 0) return;
    const batch = batchOf(live, hoursOf(live, zones));
    const decided = await decideWindows(trx, batch, open);
    const campaigns = await campaignsOfClickers(trx, batch, decided);
    const { events, rollups } = eventsAndRollupsOf(batch, decided, campaigns);
    await insertEvents(trx, events);
    await tellFirstClicks(trx, events);
    await addToRollups(trx, rollups);
  });
}

/** The time zone of each visit's profile ('' for a profile that no longer exists), from the writer's memory or the database. */
async function timeZonesOf(trx: Db, visits: readonly Visit[], open: WriterMemory): Promise<Map<number, string>> {
  const now = Date.now();
  const zones = new Map<number, string>();
  const unknown: number[] = [];
  for (const visit of visits) {
    if (zones.has(visit.userId)) continue;
    const zone = open.zoneOf(visit.userId, now);
    // Unknown for now (the empty name is no zone): asked below.
    zones.set(visit.userId, zone ?? '');
    if (zone === undefined) unknown.push(visit.userId);
  }
  for (const ids of chunksOf(unknown)) {
    for (const row of await timeZonesOfUsers(trx, ids)) {
      zones.set(row.id, row.timeZone ?? 'UTC');
      open.rememberZone(row.id, row.timeZone ?? 'UTC', now);
    }
  }
  return zones;
}

/**
 * A batch's visits in time order, with each one's local day and window key (a
 * click's also its any-link key, '' for a view), and where each key first
 * occurs, with its target.
 */
interface VisitBatch {
  visits: Visit[];
  hours: LocalHour[];
  days: string[];
  keys: string[];
  clickerKeys: string[];
  firsts: Map<string, { index: number; target: number }>;
}

function batchOf(visits: Visit[], hours: LocalHour[]): VisitBatch {
  const days = hours.map((hour) => hour.slice(0, 10));
  const firsts = new Map<string, { index: number; target: number }>();
  const keyOf = (index: number, target: number) => {
    const key = windowKeyOf(visits[index]!.userId, target, visits[index]!.visitorHash);
    if (!firsts.has(key)) firsts.set(key, { index, target });
    return key;
  };
  const keys = visits.map((visit, index) => keyOf(index, visit.linkId ?? 0));
  const clickerKeys = visits.map((visit, index) => (visit.linkId === null ? '' : keyOf(index, ANY_LINK)));
  return { visits, hours, days, keys, clickerKeys, firsts };
}

/** Whether a window's first visit counts, and whether its visitor is new today. */
interface WindowDecision {
  counted: boolean;
  fresh: boolean;
}

/**
 * The first visit of each visitor and target in the batch asks its window
 * whether it counts: a repeat the writer remembers needs no question; the rest
 * go to the database in one upsert, which answers for each.
 */
async function decideWindows(trx: Db, { visits, days, firsts }: VisitBatch, open: WriterMemory): Promise<Map<string, WindowDecision>> {
  const decided = new Map<string, WindowDecision>();
  const asked: string[] = [];
  for (const [key, { index }] of firsts) {
    if (open.isRepeat(key, visits[index]!.at, days[index]!)) decided.set(key, { counted: false, fresh: false });
    else asked.push(key);
  }
  asked.sort(); // one lock order for concurrent writers (several instances)
  // The visits of one window share their time, and so the end of their repeat window.
  let lastAt = '';
  let lastRepeatUntil = '';
  const windowRows = asked.map((key) => {
    const { index, target } = firsts.get(key)!;
    const visit = visits[index]!;
    if (visit.at !== lastAt) {
      lastAt = visit.at;
      lastRepeatUntil = new Date(Date.parse(visit.at) + REPEAT_WINDOW_MS).toISOString();
    }
    return {
      userId: visit.userId,
      target,
      visitorHash: visit.visitorHash,
      day: days[index]!,
      countedAt: visit.at,
      repeatUntil: lastRepeatUntil,
      counted: 1,
      fresh: 1,
      // A view's window keeps the campaign of the visit that opened it, for its visitor's clicks.
      campaign: target === 0 ? visit.campaign : '',
    };
  });
  const answers = await upsertWindows(trx, windowRows);
  for (const answer of answers) {
    const key = windowKeyOf(answer.userId, answer.target, answer.visitorHash);
    decided.set(key, { counted: Number(answer.counted) === 1, fresh: Number(answer.fresh) === 1 });
    open.remember(key, answer.repeatUntil, answer.day);
  }
  return decided;
}

/**
 * The campaign of each counted click that came without one of its own, by its
 * window key: the campaign of its visitor's view of the profile that day, if
 * that view came through one (its window, written above for this batch's views).
 * Asked only when such clicks exist, in one query.
 */
async function campaignsOfClickers(
  trx: Db,
  { visits, days, keys, firsts }: VisitBatch,
  decided: Map<string, WindowDecision>,
): Promise<Map<string, string>> {
  const asked = new Map<string, { userId: number; visitorHash: string; day: string }>();
  for (const [key, { index }] of firsts) {
    const visit = visits[index]!;
    if (visit.linkId === null || visit.campaign || keys[index] !== key || decided.get(key)?.counted !== true) continue;
    asked.set(key, { userId: visit.userId, visitorHash: visit.visitorHash, day: days[index]! });
  }
  const campaigns = new Map<string, string>();
  if (asked.size === 0) return campaigns;
  const byVisitor = new Map<string, string>();
  for (const chunk of chunksOf([...asked.values()]))
    for (const row of await viewCampaignsOf(trx, chunk)) byVisitor.set(`${row.userId} ${row.visitorHash} ${row.day}`, row.campaign);
  for (const [key, { userId, visitorHash, day }] of asked) {
    const campaign = byVisitor.get(`${userId} ${visitorHash} ${day}`);
    if (campaign) campaigns.set(key, campaign);
  }
  return campaigns;
}

/** Every visit as a raw event (counted or a repeat), and the daily sums of those that count. */
function eventsAndRollupsOf(
  { visits, hours, days, keys, clickerKeys, firsts }: VisitBatch,
  decided: Map<string, WindowDecision>,
  clickCampaigns: Map<string, string>,
) {
  const rollups = new DailyRollups();
  const isNewToday = (key: string, index: number) => firsts.get(key)?.index === index && decided.get(key)?.fresh === true;
  const events = visits.map((visit, index) => {
    const key = keys[index]!;
    const counted = firsts.get(key)!.index === index && decided.get(key)?.counted === true ? 1 : 0;
    const unique = isNewToday(key, index) ? 1 : 0;
    const newClicker = visit.linkId !== null && isNewToday(clickerKeys[index]!, index) ? 1 : 0;
    const day = days[index]!;
    // A repeat changes no figure: its hits stay in the raw event.
    const campaign = visit.linkId === null ? '' : visit.campaign || (clickCampaigns.get(key) ?? '');
    if (counted === 1 || unique === 1 || newClicker === 1) rollups.add(visit, hours[index]!, counted, unique, newClicker, campaign);
    return {
      kind: visit.kind,
      userId: visit.userId,
      linkId: visit.linkId,
      createdAt: visit.at,
      day,
      referrer: visit.referrer,
      source: visit.source,
      device: visit.device,
      country: visit.country,
      browser: visit.browser,
      inApp: visit.inApp,
      visitorHash: visit.visitorHash,
      hits: visit.hits,
      counted,
    };
  });
  return { events, rollups: rollups.rows() };
}

/** A link's first counted click is told once in Recent Activity. */
async function tellFirstClicks(trx: Db, events: ReadonlyArray<{ counted: number; linkId: number | null; createdAt: string }>) {
  const clickedAt = new Map<number, string>();
  for (const event of events)
    if (event.counted === 1 && event.linkId !== null && !clickedAt.has(event.linkId)) clickedAt.set(event.linkId, event.createdAt);
  for (const ids of chunksOf([...clickedAt.keys()].sort((a, b) => a - b))) {
    const firsts = await markFirstClicks(trx, ids, new Date().toISOString());
    await insertActivities(
      trx,
      firsts.map((link) => ({
        userId: link.userId,
        kind: 'first_click' as const,
        subject: link.title,
        createdAt: clickedAt.get(link.id)!,
      })),
    );
  }
}
