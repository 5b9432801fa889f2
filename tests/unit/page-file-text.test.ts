import { describe, expect, it } from 'vitest';
import { PAGE_FILE_FORMAT, PAGE_FILE_VERSION, type PageFile } from '#shared/page-transfer.ts';
import { type PageFileToWrite, pageFileText } from '#server/page-transfer/page-file.ts';

// The page file is written in pieces (issue 51 §4), and reads exactly as the
// whole file written at once: indented JSON, its media last.
describe('the page file written in pieces', () => {
  const base = { format: PAGE_FILE_FORMAT, version: PAGE_FILE_VERSION, items: [{ type: 'divider' }] } as unknown as PageFile;
  it.each([
    ['without media', { ...base, media: [] }],
    ['with one file', { ...base, media: [{ url: `/media/${'a'.repeat(64)}.png`, data: 'AAAA' }] }],
    ['with three', { ...base, media: ['a', 'b', 'c'].map((c) => ({ url: `/media/${c.repeat(64)}.webp`, data: c.repeat(8) })) }],
    ['with a large one', { ...base, media: [{ url: `/media/${'d'.repeat(64)}.mp3`, mime: 'audio/mpeg', data: 'QUJD'.repeat(200_000) }] }],
    [
      'with one of a size no slice divides',
      { ...base, media: [{ url: `/media/${'e'.repeat(64)}.mp3`, data: Buffer.alloc(200_001, 7).toString('base64') }] },
    ],
  ])('%s', (_, file) => {
    // Built with each file's bytes; written with their base64.
    const built = { ...file, media: file.media.map((entry) => ({ ...entry, data: Buffer.from(entry.data, 'base64') })) };
    const pieces = [...pageFileText(built as unknown as PageFileToWrite)];
    expect(pieces.join('')).toBe(JSON.stringify(file, null, 2) + '\n');
    // One piece for the rest, the files' data in slices of 256 kB, and none larger.
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(256 * 1024 + 200);
  });
});
