import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A page ready to send: the bytes in each encoding, computed once per profile version. */
export interface CachedPage {
  userId: number;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function preparePage(html: string, userId: number): CachedPage {
  const identity = Buffer.from(html);
  return {
    userId,
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  };
}

/**
 * Rendered public pages by username (and by origin, since canonical URLs name it).
 * Every change to a profile drops its entries (DESIGN.md: invalidated on every change).
 * Bounded: past the limit the oldest entry goes first.
 */
export class ProfilePageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(private readonly maxEntries = 20_000) {}

  private key(origin: string, username: string): string {
    return `${origin}\n${username}`;
  }

  get(origin: string, username: string): CachedPage | undefined {
    return this.pages.get(this.key(origin, username));
  }

  set(origin: string, username: string, page: CachedPage): void {
    if (this.pages.size >= this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(this.key(origin, username), page);
  }

  /** Drop every page of the user (unknown names are never cached, so a new user shows at once). */
  invalidate(userId: number): void {
    for (const [key, page] of this.pages) {
      if (page.userId === userId) this.pages.delete(key);
    }
  }

  clear(): void {
    this.pages.clear();
  }
}
