import { mediaMessages } from '#shared/media.ts';
import { pageTransferMessages } from '#shared/page-transfer.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { BodyReading, ReadingKind, Readings } from '../media/input-readers.ts';
import { MediaProcessingError, type MediaProcessor } from '../media/media-processor.ts';

/**
 * Read what the owner sent in the media worker, as one of their jobs (issue 51
 * §4): with their queue full, 429; unreadable or over its time, 400 saying
 * `unreadable`.
 */
export async function readInWorker<Kind extends ReadingKind>(
  media: MediaProcessor,
  kind: Kind,
  input: Buffer,
  owner: UserRow,
  unreadable: string,
): Promise<Readings[Kind]> {
  try {
    return await media.read(kind, input, `user:${owner.id}`);
  } catch (error) {
    if (error instanceof MediaProcessingError && error.reason === 'busy') {
      throw new AppError(429, 'rate_limited', mediaMessages.busy, { headers: { 'Retry-After': '5' } });
    }
    throw new AppError(400, 'validation_failed', unreadable);
  }
}

type BodyKind = { [Kind in ReadingKind]: Readings[Kind] extends BodyReading<unknown> ? Kind : never }[ReadingKind];
type BodyOf<Kind extends BodyKind> = Readings[Kind] extends BodyReading<infer Value> ? Value : never;

/**
 * A page file's request body, kept in the file at `bodyPath`, read, parsed and checked with its shared
 * schema by the media worker: its value, or the route's 400.
 */
export async function readBodyInWorker<Kind extends BodyKind>(
  media: MediaProcessor,
  kind: Kind,
  bodyPath: string,
  owner: UserRow,
): Promise<BodyOf<Kind>> {
  const reading = (await readInWorker(media, kind, Buffer.from(bodyPath), owner, pageTransferMessages.fileUnreadable)) as BodyReading<
    BodyOf<Kind>
  >;
  if ('refused' in reading) throw new AppError(400, reading.refused.code, reading.refused.message);
  return reading.value;
}
