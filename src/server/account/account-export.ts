import { PassThrough, type Readable } from 'node:stream';
import { SITE_NAME } from '#shared/constants.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { loadWhenUsed } from '../load-when-used.ts';
import { oneATurn } from '../http/one-a-turn.ts';
import type { ExportContext, ExportFile, ExportPart } from '../services.ts';

/** Where the README's descriptions start: after the longest file name and a space. */
const README_COLUMN = 21;

/** What the export holds, file by file, as each part describes its own, and the folder of each further page. */
function readmeOf(username: string, exportedAt: string, parts: readonly ExportPart[], pages: readonly UserRow[]): string {
  const line = (name: string, says: string) =>
    `${name.padEnd(README_COLUMN - 1)} ${says.replaceAll('\n', `\n${' '.repeat(README_COLUMN)}`)}`;
  const lines = parts.flatMap((part) => part.described.map(([name, says]) => line(name, says)));
  const further = pages.map((page) =>
    line(`${PAGES_FOLDER}${page.username}/`, 'another page you own, with the same files as above but for your tokens and receipts'),
  );
  return `Your ${SITE_NAME} data: ${username}, exported ${exportedAt}.\n\n${[...lines, ...further].join('\n')}\n`;
}

/** Where each further page of the account (issue 53) has its folder in the zip. */
const PAGES_FOLDER = 'pages/';

/** What the zip is fed at a time: compressing it takes a millisecond or two, then other requests get their turn. */
const SLICE_BYTES = 64 * 1024;

/**
 * Everything the account holds, as one zip: each feature's part (the profile,
 * links, the look, the uploaded files, the analytics as JSON and CSV…) and a
 * README naming every file. Its size is bounded by the plan's upload quota;
 * images are stored, text compressed. The zip is made as it is sent, 64 kB at
 * a time with a turn of the event loop between (issue 51 §4): made whole, a
 * page of 10 MB of pictures held every other request for a second.
 */
export async function exportAccount(
  db: Db,
  user: UserRow,
  parts: readonly ExportPart[],
  {
    now,
    pageSchemaUrl,
    furtherPages = [],
  }: Partial<ExportContext> & Pick<ExportContext, 'pageSchemaUrl'> & { furtherPages?: readonly UserRow[] },
): Promise<{ zip: Readable; fileName: string }> {
  const at = now ?? Date.now();
  const exportedAt = new Date(at).toISOString();
  const files: Array<[string, ExportFile]> = [['README.txt', { text: readmeOf(user.username, exportedAt, parts, furtherPages) }]];
  // One part after another, with a turn of the event loop between: on SQLite each stored file is read
  // whole and synchronously, and all the parts' reads at once held everyone else for 200 ms.
  for await (const part of oneATurn(parts)) files.push(...Object.entries(await part.filesOf(db, user, { now: at, pageSchemaUrl })));
  // Every further page the account owns, in a folder of its own (pages it only joined are their owners').
  for (const page of furtherPages) {
    for await (const part of oneATurn(parts.filter((each) => !each.ofAccount))) {
      const pageFiles = await part.filesOf(db, page, { now: at, pageSchemaUrl });
      files.push(
        ...Object.entries(pageFiles).map(([name, file]): [string, ExportFile] => [`${PAGES_FOLDER}${page.username}/${name}`, file]),
      );
    }
  }
  const zip = new PassThrough();
  void writeZip(zip, files, new Date(at)).catch((error: unknown) => zip.destroy(error as Error));
  return { zip, fileName: `${user.username}-${SITE_NAME.toLowerCase()}-export-${exportedAt.slice(0, 10)}.zip` };
}

/** Each file's bytes, in pieces: a page file's text comes as its parts, each encoded when its turn comes. */
function* bytesOf(file: ExportFile): Generator<Uint8Array> {
  if ('stored' in file) yield file.stored;
  else if ('pieces' in file) for (const piece of file.pieces) yield Buffer.from(piece);
  else yield Buffer.from('json' in file ? JSON.stringify(file.json, null, 2) + '\n' : file.text);
}

/** Bytes in slices of SLICE_BYTES, each deflated in a turn of its own. */
function* slicesOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += SLICE_BYTES) yield bytes.subarray(offset, offset + SLICE_BYTES);
}

async function writeZip(out: PassThrough, files: ReadonlyArray<[string, ExportFile]>, mtime: Date): Promise<void> {
  const { Zip, ZipDeflate, ZipPassThrough } = loadWhenUsed('fflate') as typeof import('fflate');
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  for (const [name, file] of files) {
    const entry = 'stored' in file ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    for (const bytes of bytesOf(file)) for await (const slice of oneATurn(slicesOf(bytes))) entry.push(slice);
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
}
