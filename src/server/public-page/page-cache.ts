import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ChangeBus } from '../http/change-bus.ts';

export type PageEncoding = 'br' | 'gzip' | 'identity';

/**
 * A page ready to send: its bytes, and each compressed encoding computed once,
 * the first time a client asks for it, then kept with the page.
 */
export class CachedPage {
  readonly etag: string;
  private gzipped: Buffer | undefined;
  private brotli: Buffer | undefined;

  constructor(
    readonly identity: Buffer,
    readonly userId: number,
  ) {
    this.etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  }

  get gzip(): Buffer {
    this.gzipped ??= compact(gzipSync(this.identity, { level: 6 }));
    return this.gzipped;
  }

  // Quality 5 is close to 11's size at a hundredth of its cost: no visit waits on the compressor.
  get br(): Buffer {
    this.brotli ??= compact(
      brotliCompressSync(this.identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length },
      }),
    );
    return this.brotli;
  }

  body(encoding: PageEncoding): Buffer {
    return encoding === 'identity' ? this.identity : this[encoding];
  }
}

/**
 * zlib returns a view into its 16 kB (or larger) output chunk: kept as is, every
 * cached page would hold that whole chunk. A copy holds only the bytes.
 */
function compact(view: Buffer): Buffer {
  return Buffer.from(view);
}

export function preparePage(html: string, userId: number): CachedPage {
  return new CachedPage(Buffer.from(html), userId);
}

/** Where /go/{id} sends a visitor, and whose link it is. */
export interface RedirectTarget {
  url: string;
  userId: number;
}

export const PAGE_CACHE_LIMITS = { pages: 20_000, redirects: 200_000 };

/**
 * Rendered public pages by origin (canonical URLs name it), then by username,
 * and the targets of click redirects by link id. Both are bounded (past the
 * limit the oldest entry goes first) and both drop a user's entries on every
 * change to that profile, on every instance (DESIGN.md: invalidated on every change).
 */
export class PageCache {
  private readonly byOrigin = new Map<string, Map<string, CachedPage>>();
  /** Every page as [origin, username], oldest first, to know which to drop at the limit. */
  private readonly order = new Map<CachedPage, [string, string]>();
  private readonly redirects = new Map<number, RedirectTarget>();

  constructor(private readonly limits = PAGE_CACHE_LIMITS) {}

  /** Drop a profile's pages and redirects whenever any instance says it changed. */
  invalidateOn(bus: ChangeBus): void {
    bus.subscribe((message) => {
      if (message.topic === 'profile') this.invalidate(message.userId);
    });
  }

  page(origin: string, username: string): CachedPage | undefined {
    return this.byOrigin.get(origin)?.get(username);
  }

  setPage(origin: string, username: string, page: CachedPage): void {
    this.removePage(origin, username);
    if (this.order.size >= this.limits.pages) {
      const oldest = this.order.values().next().value;
      if (oldest) this.removePage(...oldest);
    }
    let pages = this.byOrigin.get(origin);
    if (!pages) this.byOrigin.set(origin, (pages = new Map()));
    pages.set(username, page);
    this.order.set(page, [origin, username]);
  }

  redirect(linkId: number): RedirectTarget | undefined {
    return this.redirects.get(linkId);
  }

  setRedirect(linkId: number, target: RedirectTarget): void {
    this.redirects.delete(linkId);
    if (this.redirects.size >= this.limits.redirects) {
      const oldest = this.redirects.keys().next().value;
      if (oldest !== undefined) this.redirects.delete(oldest);
    }
    this.redirects.set(linkId, target);
  }

  /** Drop every page and redirect of the user (unknown names are never cached, so a new user shows at once). */
  invalidate(userId: number): void {
    for (const [page, [origin, username]] of this.order) {
      if (page.userId === userId) this.removePage(origin, username);
    }
    for (const [linkId, target] of this.redirects) {
      if (target.userId === userId) this.redirects.delete(linkId);
    }
  }

  clear(): void {
    this.byOrigin.clear();
    this.order.clear();
    this.redirects.clear();
  }

  get size(): { pages: number; redirects: number } {
    return { pages: this.order.size, redirects: this.redirects.size };
  }

  private removePage(origin: string, username: string): void {
    const pages = this.byOrigin.get(origin);
    const page = pages?.get(username);
    if (!page) return;
    pages!.delete(username);
    if (pages!.size === 0) this.byOrigin.delete(origin);
    this.order.delete(page);
  }
}
