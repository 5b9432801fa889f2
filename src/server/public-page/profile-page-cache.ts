import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/**
 * Rendered public pages by origin (canonical URLs name it), then by username.
 * Every change to a profile drops its entries (DESIGN.md: invalidated on every change).
 * Bounded: past the limit the oldest entry goes first.
 */
export class ProfilePageCache {
  private readonly byOrigin = new Map<string, Map<string, CachedPage>>();
  /** Every entry as [origin, username], oldest first, to know which to drop at the limit. */
  private readonly order = new Map<CachedPage, [string, string]>();

  constructor(private readonly maxEntries = 20_000) {}

  get(origin: string, username: string): CachedPage | undefined {
    return this.byOrigin.get(origin)?.get(username);
  }

  set(origin: string, username: string, page: CachedPage): void {
    this.remove(origin, username);
    if (this.order.size >= this.maxEntries) {
      const oldest = this.order.values().next().value;
      if (oldest) this.remove(...oldest);
    }
    let pages = this.byOrigin.get(origin);
    if (!pages) this.byOrigin.set(origin, (pages = new Map()));
    pages.set(username, page);
    this.order.set(page, [origin, username]);
  }

  /** Drop every page of the user (unknown names are never cached, so a new user shows at once). */
  invalidate(userId: number): void {
    for (const [page, [origin, username]] of this.order) {
      if (page.userId === userId) this.remove(origin, username);
    }
  }

  clear(): void {
    this.byOrigin.clear();
    this.order.clear();
  }

  get size(): number {
    return this.order.size;
  }

  private remove(origin: string, username: string): void {
    const pages = this.byOrigin.get(origin);
    const page = pages?.get(username);
    if (!page) return;
    pages!.delete(username);
    if (pages!.size === 0) this.byOrigin.delete(origin);
    this.order.delete(page);
  }
}
