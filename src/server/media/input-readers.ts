import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { commonMessages } from '#shared/api.ts';
import {
  type ImportPreviewInput,
  type PageImportInput,
  describePageFileProblem,
  importPreviewSchema,
  mediaUsesOf,
  pageImportSchema,
} from '#shared/page-transfer.ts';
import { type LittleLinkFacts, readLittleLinkHtml } from './littlelink-html.ts';

// What a user sends that can be made costly to read (issue 51 §4): a page
// file of 10 MB, a LittleLink page nested deep. Read in the media worker
// (image-worker.ts), with its time limit and its per-account queue, never on
// the server's event loop: parsing and checking 10 MB of JSON there held every
// other request for 190 ms.

/** A request body read and checked with its shared schema, or why it was refused (said as the route would). */
export type BodyReading<T> = { value: T } | { refused: { code: 'invalid_json' | 'validation_failed'; message: string } };

/** What each reading answers. */
export interface Readings {
  'littlelink-page': LittleLinkFacts;
  'page-import': BodyReading<PageImportInput>;
  'page-import-preview': BodyReading<ImportPreviewInput>;
}
export type ReadingKind = keyof Readings;

/**
 * A JSON body kept in a file (its path is the job's input, so that its bytes never pass through the
 * server's event loop), parsed and checked; a page file's first problem is said with where it is.
 */
function readJsonBody<T>(bodyPath: Buffer, schema: z.ZodType<T>): BodyReading<T> {
  let body: unknown;
  try {
    body = JSON.parse(bodyPath.length === 0 ? '' : readFileSync(bodyPath.toString('utf8'), 'utf8'));
  } catch {
    return { refused: { code: 'invalid_json', message: commonMessages.invalidJson } };
  }
  const checked = schema.safeParse(body);
  if (checked.success) return { value: checked.data };
  const issue = checked.error.issues[0]!;
  const document = (body as { document?: unknown } | null)?.document;
  const message = issue.path[0] === 'document' ? describePageFileProblem({ ...issue, path: issue.path.slice(1) }, document) : issue.message;
  return { refused: { code: 'validation_failed', message } };
}

export const INPUT_READERS: { [Kind in ReadingKind]: (input: Buffer) => Readings[Kind] } = {
  'littlelink-page': (input) => readLittleLinkHtml(input.toString('utf8')),
  'page-import': (input) => {
    const reading = readJsonBody(input, pageImportSchema);
    if (!('value' in reading)) return reading;
    // Only the files the import shows (by its mode) go back to the server: the rest would be carried for nothing.
    const { mode, document } = reading.value;
    const shown = new Set(mediaUsesOf(document, mode).map((use) => use.reference));
    return { value: { mode, document: { ...document, media: document.media.filter((entry) => shown.has(entry.url)) } } };
  },
  'page-import-preview': (input) => {
    const reading = readJsonBody(input, importPreviewSchema);
    // A page file's own pictures are not sent back: the client has them, and 9 MB of base64 is not worth another trip.
    if ('value' in reading && reading.value.source === 'file') {
      return { value: { ...reading.value, document: { ...reading.value.document, media: [] } } };
    }
    return reading;
  },
};
