// The worst inputs one account can send on the paths whose reading takes real
// work (issue 51 §4), made in one place for the heavy-input test and its bench.
import { createHash, randomBytes } from 'node:crypto';
import { PAGE_FILE_FORMAT, PAGE_FILE_VERSION } from '../src/shared/page-transfer.ts';

/** `<div>` nested `depth` deep (never closed, as a browser allows) around a LittleLink button: within the import's size, costly to parse. */
export const deeplyNested = (depth: number) =>
  `<html><body>${'<div>'.repeat(depth)}<a class="button" href="https://example.com">Hi</a></body></html>`;

/**
 * A heavy page file, as a preview's body: `pictures` files of 900 kB as base64 (random bytes, named by
 * their SHA-256 as an export names them), 1.2 MB each, and 1 000 links: 9.3 MB with eight, 16.5 MB with
 * fourteen, near the 17.3 MB a Free account may send.
 */
export function largestPageFile(pictures = 8): string {
  const items = Array.from({ length: 1000 }, (_, index) => ({
    type: 'link',
    title: `Link number ${index} with a longer title`,
    url: `https://example.com/${index}?q=${'x'.repeat(80)}`,
  }));
  const media = Array.from({ length: pictures }, () => {
    const bytes = randomBytes(900_000);
    return { url: `/media/${createHash('sha256').update(bytes).digest('hex')}.webp`, data: bytes.toString('base64') };
  });
  return JSON.stringify({ source: 'file', document: { format: PAGE_FILE_FORMAT, version: PAGE_FILE_VERSION, items, media } });
}
