import type { QrStyle } from '#shared/qr-code.ts';
import { mediaMessages } from '#shared/media.ts';
import { lookShownOn } from '#shared/plan-look.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { QrCodeJob } from '../media/qr-drawing.ts';
import type { MediaProcessor } from '../media/media-processor.ts';
import { runMediaJob, storedFileAsBase64 } from '../media/media.service.ts';
import type { PageReaders } from '../services.ts';
import { qrAddressOf, qrColourOf } from './qr-code.ts';

export interface QrCodeRequest {
  style: QrStyle;
  picture: 'true' | 'false';
  /** A PNG's side in pixels; undefined for the SVG. */
  size?: number;
}

/** What drawing a QR code reads: the page's look comes from customization, through services.pageReaders. */
export interface QrCodeDeps {
  db: Db;
  config: AppConfig;
  media: MediaProcessor;
  lookOf: PageReaders['lookOf'];
}

/**
 * The owner's QR code, drawn by the media worker with its limits (one account's
 * jobs queue behind each other, and a full queue answers 429): the SVG text, or
 * the PNG's bytes when a size is asked.
 */
export async function drawOwnersQrCode(
  { db, config, media, lookOf }: QrCodeDeps,
  owner: UserRow,
  origin: string,
  asked: QrCodeRequest,
): Promise<Buffer> {
  // In the primary colour the page draws: a colour kept from another plan is not the page's (issue 33).
  const look = lookShownOn(config.planLimits[owner.plan], await lookOf(db, owner.id));
  const job: QrCodeJob = {
    address: qrAddressOf(origin, owner.username),
    colour: qrColourOf(asked.style, look),
    size: asked.size ?? null,
    picture: asked.picture === 'true' ? await storedFileAsBase64(db, owner.profileImage) : null,
  };
  return (await runMediaJob(media, 'qr-code', Buffer.from(JSON.stringify(job)), owner, mediaMessages.cannotDecode)).data;
}
