import { describe, expect, it } from 'vitest';
import { PAGE_FILE_FORMAT, PAGE_FILE_VERSION, type PageFile } from '#shared/page-transfer.ts';
import { oneATurn } from '#server/http/one-a-turn.ts';
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

// Streamed, each piece takes a turn of the event loop of its own, so that other requests come between.
describe('oneATurn', () => {
  /** The pieces in the order they came, with 'other' where other work (a chain of immediates) ran between. */
  async function interleaving(pieces: AsyncIterable<string> | Iterable<string>): Promise<string[]> {
    const seen: string[] = [];
    let running = true;
    const other = () => {
      seen.push('other');
      if (running) setImmediate(other);
    };
    setImmediate(other);
    for await (const piece of pieces) seen.push(piece);
    running = false;
    return seen;
  }
  const between = (seen: string[]) => seen.slice(seen.indexOf('a'), seen.indexOf('c') + 1);

  it('lets other work run between pieces, and gives every piece in order', async () => {
    const seen = await interleaving(oneATurn(['a', 'b', 'c']));
    expect(seen.filter((entry) => entry !== 'other')).toEqual(['a', 'b', 'c']);
    expect(between(seen)).toEqual(['a', 'other', 'b', 'other', 'c']);
  });

  it('is needed: pieces read without it all come in one turn', async () => {
    expect(between(await interleaving(['a', 'b', 'c']))).toEqual(['a', 'b', 'c']);
  });
});
