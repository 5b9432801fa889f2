import { SITE_NAME } from '#shared/constants.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { loadWhenUsed } from '../load-when-used.ts';
import type { ExportContext, ExportPart } from '../services.ts';

/** Where the README's descriptions start: after the longest file name and a space. */
const README_COLUMN = 21;

/** What the export holds, file by file, as each part describes its own. */
function readmeOf(username: string, exportedAt: string, parts: readonly ExportPart[]): string {
  const lines = parts.flatMap((part) =>
    part.described.map(([name, says]) => `${name.padEnd(README_COLUMN - 1)} ${says.replaceAll('\n', `\n${' '.repeat(README_COLUMN)}`)}`),
  );
  return `Your ${SITE_NAME} data: ${username}, exported ${exportedAt}.\n\n${lines.join('\n')}\n`;
}

/**
 * Everything the account holds, as one zip: each feature's part (the profile,
 * links, the look, the uploaded files, the analytics as JSON and CSV…) and a
 * README naming every file. Its size is bounded by the plan's upload quota;
 * images are stored, text compressed.
 */
export async function exportAccount(
  db: Db,
  user: UserRow,
  parts: readonly ExportPart[],
  { now, pageSchemaUrl }: Partial<ExportContext> & Pick<ExportContext, 'pageSchemaUrl'>,
): Promise<{ zip: Uint8Array; fileName: string }> {
  const { zipSync, strToU8 } = loadWhenUsed('fflate') as typeof import('fflate');
  const at = now ?? Date.now();
  const exportedAt = new Date(at).toISOString();
  const zipped: Record<string, [Uint8Array, { level: 0 | 6 }]> = {
    'README.txt': [strToU8(readmeOf(user.username, exportedAt, parts)), { level: 6 }],
  };
  for (const files of await Promise.all(parts.map((part) => part.filesOf(db, user, { now: at, pageSchemaUrl })))) {
    for (const [name, file] of Object.entries(files)) {
      zipped[name] =
        'stored' in file
          ? [file.stored, { level: 0 }]
          : [strToU8('json' in file ? JSON.stringify(file.json, null, 2) + '\n' : file.text), { level: 6 }];
    }
  }
  return {
    zip: zipSync(zipped, { mtime: new Date(at) }),
    fileName: `${user.username}-${SITE_NAME.toLowerCase()}-export-${exportedAt.slice(0, 10)}.zip`,
  };
}
