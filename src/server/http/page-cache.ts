import type { PageAudience } from '#shared/audience.ts';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { ChangeBus } from './change-bus.ts';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';
import type { InAppBrowser } from './in-app-browser.ts';

export type PageEncoding = 'br' | 'gzip' | 'identity';

/**
 * Brotli quality of a page just rendered: a miss renders and compresses while
 * the visitor waits, and quality 1 takes about 60 µs for a 16 kB page (quality
 * 5 about 270 µs), for a body about a quarter larger (decision 010).
 */
export const MISS_BROTLI_QUALITY = 1;

/**
 * Brotli quality of a page visited again: recompressed once, off the answer's
 * path, about 10 % larger than quality 11 at a fiftieth of its time.
 */
export const PAGE_BROTLI_QUALITY = 5;

function brotli(identity: Buffer, quality: number): Buffer {
  return compact(
    brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(identity.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  );
}

/**
 * The brotli window: no larger than the page needs (at least 64 kB). The
 * default 4 MB window made every compression allocate megabytes that the
 * process then kept.
 */
function brotliWindowBits(length: number): number {
  return Math.min(24, Math.max(16, Math.ceil(Math.log2(length + 1))));
}

/**
 * A page ready to send, kept in the one form most visitors take: brotli, made
 * quickly when the page is rendered and made again smaller once it is visited
 * again. The gzip form is made from it the first time a client asks for gzip,
 * and kept beside it (the cache counts it); the plain form is decompressed on
 * the fly for the rare client that accepts neither.
 */
export class CachedPage {
  readonly etag: string;
  private brotliBody: Buffer;
  private gzipped: Buffer | undefined;
  /** Whether the brotli form is the kept one (PAGE_BROTLI_QUALITY), not the miss's quick one. */
  recompressed = false;
  /** The second-chance bit of the cache's eviction: set by every hit. */
  used = false;
  /** Told how many bytes the page grew (or, negative, shrank) by: the cache holding it counts them. */
  onResize: ((bytes: number) => void) | undefined;

  constructor(
    identity: Buffer,
    readonly userId: number,
    /** When the drawn page stops being right (epoch ms; Infinity: only a change of the profile ends it): never answered from then on. */
    readonly expiresAt = Infinity,
    /** When it is worth drawing again (a view count), to the cache's minute sweep: answered until then. */
    readonly refreshAt = Infinity,
    /** The hosts its embeds' players load from (issue 30), space-separated: its CSP's frame-src; empty, no frames. */
    readonly frameSources = '',
    /**
     * Set on a page whose links name their audience (issue 30): this entry is
     * then no page but the key to one, kept under `{name}#{variantKeyOf(…)}`.
     */
    readonly audience?: PageAudience,
  ) {
    this.etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
    this.brotliBody = brotli(identity, MISS_BROTLI_QUALITY);
  }

  get br(): Buffer {
    return this.brotliBody;
  }

  /** Compress the page again at PAGE_BROTLI_QUALITY (the same plain bytes, fewer of them); once. */
  recompress(): void {
    if (this.recompressed) return;
    this.recompressed = true;
    const smaller = brotli(this.identity, PAGE_BROTLI_QUALITY);
    if (smaller.length >= this.brotliBody.length) return;
    const saved = this.brotliBody.length - smaller.length;
    this.brotliBody = smaller;
    this.onResize?.(-saved);
  }

  /** The page's plain bytes, decompressed for this answer only. */
  get identity(): Buffer {
    return brotliDecompressSync(this.br);
  }

  get gzip(): Buffer {
    if (this.gzipped === undefined) {
      this.gzipped = compact(gzipSync(this.identity, { level: 6 }));
      this.onResize?.(this.gzipped.length);
    }
    return this.gzipped;
  }

  body(encoding: PageEncoding): Buffer {
    return encoding === 'br' ? this.br : encoding === 'gzip' ? this.gzip : this.identity;
  }

  /** The bytes the page keeps: its brotli form, and its gzip form once made. */
  get bytes(): number {
    return this.brotliBody.length + (this.gzipped?.length ?? 0);
  }
}

/**
 * zlib returns a view into its 16 kB (or larger) output chunk: kept as is, every
 * cached page would hold that whole chunk. A copy holds only the bytes.
 */
function compact(view: Buffer): Buffer {
  return Buffer.from(view);
}

export function preparePage(html: string, userId: number, expiresAt = Infinity, refreshAt = Infinity, frameSources = ''): CachedPage {
  return new CachedPage(Buffer.from(html), userId, expiresAt, refreshAt, frameSources);
}

/** The entry of a page drawn per audience (issue 30): no page, but what names the drawing a visitor gets. */
export function audienceEntry(userId: number, audience: PageAudience, expiresAt: number): CachedPage {
  return new CachedPage(Buffer.alloc(0), userId, expiresAt, Infinity, '', audience);
}

/** Where a page's drawing for one audience is kept, beside its entry. */
export function variantName(name: string, variantKey: string): string {
  return `${name}#${variantKey}`;
}

/** The link id a `/go/{id}` segment names, or undefined for anything that cannot name one. */
export function linkIdOf(segment: string): number | undefined {
  if (!/^\d{1,10}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id > 0 && id < 2 ** 31 ? id : undefined;
}

/** Where /go/{id} sends a visitor, whose link it is, and until when this is known to hold (ms; Infinity: until a change). */
export interface RedirectTarget {
  url: string;
  userId: number;
  expiresAt: number;
}

/** How long one turn of recompressing may hold the event loop (between answers). */
const RECOMPRESS_SLICE_MS = 2;

export interface PageCacheLimits {
  /** Bytes of pages, gzip forms and per-entry overhead: PAGE_CACHE_MB. */
  bytes: number;
  redirects: number;
  /** The time, in ms (tests give their own clock). */
  now?: () => number;
}

/** What one cached page costs the budget: its bytes, its keys and the entry's overhead. */
function costOf(origin: string, username: string, page: CachedPage): number {
  return page.bytes + origin.length + username.length + MEMORY_BOUNDS.pageEntryOverheadBytes;
}

/**
 * Rendered public pages by origin (canonical URLs name it), then by username,
 * and the targets of click redirects by link id.
 *
 * Pages are bounded by bytes, not entries (PAGE_CACHE_MB): past the budget the
 * least recently used go first, by the CLOCK approximation of LRU (a hit only
 * sets a bit; eviction walks from the oldest entry, gives a page whose bit is
 * set a second chance at the back, and drops the first page whose bit is clear),
 * so a hit costs the hot path one store. A new page enters with its bit clear:
 * when every page held was visited again, a page seen once goes first, so a
 * scan through many profiles cannot push the visited ones out. Redirect targets are bounded by count,
 * least recently used first (lru-cache). Both drop a user's entries on every change to that profile, on
 * every instance (DESIGN.md: invalidated on every change).
 */
export class PageCache {
  private readonly byOrigin = new Map<string, Map<string, CachedPage>>();
  /** Every page as [origin, username], in the order eviction walks them. */
  private readonly clock = new Map<CachedPage, [string, string]>();
  private readonly redirects: LRUCache<number, RedirectTarget>;
  private bytesUsed = 0;
  /**
   * Counts invalidations. A reader takes it before reading the database and
   * hands it back when storing what it read: if a change came in between, what
   * it read may be out of date, and is answered but not kept (a page or a
   * redirect target kept from before a change would outlive it on the fast path).
   */
  private changes = 0;
  /** Pages visited again whose brotli form is still the miss's quick one, recompressed between answers. */
  private readonly toRecompress = new Set<CachedPage>();
  private recompressing: NodeJS.Immediate | undefined;

  private readonly now: () => number;

  constructor(
    private readonly limits: PageCacheLimits = { bytes: MEMORY_BOUNDS.pageCacheBytes, redirects: MEMORY_BOUNDS.redirectTargets },
  ) {
    this.redirects = new LRUCache({ max: limits.redirects });
    this.now = limits.now ?? Date.now;
  }

  /** Drop a profile's pages and redirects whenever any instance says it changed. */
  invalidateOn(bus: ChangeBus): void {
    bus.subscribe((message) => {
      if (message.topic === 'profile') this.invalidate(message.userId);
    });
  }

  /** Pages found, and pages rendered and stored (misses), since start: the hit ratio operators watch. */
  readonly counts = { hits: 0, misses: 0 };

  page(origin: string, username: string): CachedPage | undefined {
    let page = this.byOrigin.get(origin)?.get(username);
    // A page that stops being right at a set moment (a scheduled link, a 'New' mark) is never answered
    // after it, to the millisecond; the clock is read only for such pages, never for the others.
    if (page !== undefined && page.expiresAt !== Infinity && page.expiresAt <= this.now()) {
      this.removePage(origin, username);
      page = undefined;
    }
    if (page !== undefined) {
      page.used = true;
      this.counts.hits += 1;
      if (!page.recompressed) this.recompressLater(page);
    }
    return page;
  }

  /** Take before reading a page or redirect target from the database; hand back to setPage or setRedirect. */
  get generation(): number {
    return this.changes;
  }

  setPage(origin: string, username: string, page: CachedPage, readAt: number): void {
    this.counts.misses += 1;
    if (readAt !== this.changes) return;
    this.removePage(origin, username);
    let pages = this.byOrigin.get(origin);
    if (!pages) this.byOrigin.set(origin, (pages = new Map()));
    pages.set(username, page);
    this.clock.set(page, [origin, username]);
    page.used = false;
    page.onResize = (bytes) => {
      this.bytesUsed += bytes;
      this.evictOverBudget();
    };
    this.bytesUsed += costOf(origin, username, page);
    this.evictOverBudget();
  }

  redirect(linkId: number): RedirectTarget | undefined {
    const target = this.redirects.get(linkId);
    if (target !== undefined && target.expiresAt !== Infinity && target.expiresAt <= this.now()) {
      this.redirects.delete(linkId);
      return undefined;
    }
    return target;
  }

  setRedirect(linkId: number, target: RedirectTarget, readAt: number): void {
    if (readAt !== this.changes) return;
    this.redirects.set(linkId, target);
  }

  /** Drop every page and redirect of the user (unknown names are never cached, so a new user shows at once). */
  invalidate(userId: number): void {
    this.changes += 1;
    for (const [page, [origin, username]] of this.clock) {
      if (page.userId === userId) this.removePage(origin, username);
    }
    for (const [linkId, target] of this.redirects) {
      if (target.userId === userId) this.redirects.delete(linkId);
    }
  }

  /**
   * Drop the pages whose drawing ran out of date (a link's 'New' mark ended),
   * and the redirect targets read with them: a link stops redirecting when its
   * page stops showing it. Run every minute off the request path, so a hit
   * never reads the clock.
   */
  dropExpired(now: number): void {
    for (const [page, [origin, username]] of this.clock) {
      if (page.expiresAt <= now || page.refreshAt <= now) this.removePage(origin, username);
    }
    for (const [linkId, target] of this.redirects) {
      if (target.expiresAt <= now) this.redirects.delete(linkId);
    }
  }

  clear(): void {
    this.changes += 1;
    for (const page of this.clock.keys()) page.onResize = undefined;
    this.toRecompress.clear();
    if (this.recompressing) clearImmediate(this.recompressing);
    this.recompressing = undefined;
    this.byOrigin.clear();
    this.clock.clear();
    this.redirects.clear();
    this.bytesUsed = 0;
  }

  get size(): { pages: number; bytes: number; redirects: number } {
    return { pages: this.clock.size, bytes: this.bytesUsed, redirects: this.redirects.size };
  }

  /**
   * Queue a page for its smaller brotli form. The queue is worked through
   * between answers, a few milliseconds at a time: a page seen once (a scan, or
   * more profiles than the cache holds) never pays for it.
   */
  private recompressLater(page: CachedPage): void {
    this.toRecompress.add(page);
    this.recompressing ??= setImmediate(() => this.recompressSome());
  }

  private recompressSome(): void {
    this.recompressing = undefined;
    const until = performance.now() + RECOMPRESS_SLICE_MS;
    for (const page of this.toRecompress) {
      this.toRecompress.delete(page);
      // A page dropped meanwhile is not worth the work.
      if (this.clock.has(page)) page.recompress();
      if (performance.now() >= until) break;
    }
    if (this.toRecompress.size > 0) this.recompressing = setImmediate(() => this.recompressSome());
  }

  /** Walk the clock until the pages fit: at most two passes (the first clears every bit it meets). */
  private evictOverBudget(): void {
    while (this.bytesUsed > this.limits.bytes && this.clock.size > 0) {
      const [page, key] = this.clock.entries().next().value!;
      if (page.used) {
        page.used = false;
        this.clock.delete(page);
        this.clock.set(page, key);
      } else {
        this.removePage(...key);
      }
    }
  }

  private removePage(origin: string, username: string): void {
    const pages = this.byOrigin.get(origin);
    const page = pages?.get(username);
    if (!page) return;
    pages!.delete(username);
    if (pages!.size === 0) this.byOrigin.delete(origin);
    this.clock.delete(page);
    this.bytesUsed -= costOf(origin, username, page);
    page.onResize = undefined;
    this.toRecompress.delete(page);
  }
}

/**
 * The origin a page is cached under for a visitor in an app's browser: the page
 * drawn with that app's bar is one more page, kept beside the plain one and
 * dropped with it on every change (PageCache keys pages by origin and name).
 */
export function cachedOriginFor(origin: string, inApp: InAppBrowser | undefined): string {
  return inApp === undefined ? origin : `${origin} in ${inApp.app} on ${inApp.platform}`;
}
