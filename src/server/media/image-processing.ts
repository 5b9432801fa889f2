import type { ResizeOptions, Sharp, SharpOptions } from 'sharp';
import {
  AVATAR_SIZE,
  SHARE_UPLOAD_MAX,
  THUMBNAIL_SIZE,
  BACKGROUND_MAX_DIMENSION,
  CURSOR_MAX_DIMENSION,
  EMBED_PICTURE_MAX_DIMENSION,
  ICON_JPEG_QUALITY,
  ICON_MAX_DIMENSION,
  type MediaKind,
} from '#shared/media.ts';
import { drawShareImage } from './share-image-drawing.ts';
import { drawReportChart } from './report-chart-drawing.ts';
import { QR_PICTURE_SIZE } from '#shared/qr-code.ts';
import { type QrCodeJob, qrSvg } from './qr-drawing.ts';
import type { ProcessedMedia } from './processed-media.ts';

export type { ProcessedMedia } from './processed-media.ts';

let sharpModule: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;

/** sharp (libvips), loaded once by the media worker process, with one libvips thread per operation. */
export function loadSharp() {
  sharpModule ??= import('sharp').then((module) => {
    module.default.concurrency(1);
    module.default.cache(false);
    return module.default;
  });
  return sharpModule;
}

/** Refuse decompression bombs before decoding them (about 7000 × 7000). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decode and re-encode: nothing is ever stored as sent, so a renamed file or a
 * polyglot cannot survive. SVG is rasterized (sharp renders it without fetching).
 */
async function processIcon(input: Buffer): Promise<ProcessedMedia> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(ICON_MAX_DIMENSION, ICON_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: ICON_JPEG_QUALITY, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data, ext: 'jpg', mime: 'image/jpeg', width: info.width, height: info.height };
}

/** Decode with the pixel limit, failing on damaged data, honouring the EXIF orientation. */
async function decode(input: Buffer) {
  const sharp = await loadSharp();
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

/** Decode, resize and encode as `format`: what every image kind but icons does (icons are flattened to JPEG). */
async function reencode(
  input: Buffer,
  resize: ResizeOptions & { width: number; height: number },
  format: 'webp' | 'png',
): Promise<ProcessedMedia> {
  const image = (await decode(input)).resize(resize);
  const encoded = format === 'webp' ? image.webp({ quality: 82 }) : image.png();
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, ext: format, mime: `image/${format}`, width: info.width, height: info.height };
}

/** The profile picture: a square centre crop, at most 400x400, WebP (every current browser shows it). */
function processAvatar(input: Buffer): Promise<ProcessedMedia> {
  return reencode(input, { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover', position: 'centre', withoutEnlargement: true }, 'webp');
}

/** A link's thumbnail (issue 30): a square centre crop, at most 128x128, WebP. */
function processThumbnail(input: Buffer): Promise<ProcessedMedia> {
  // Always square: a smaller picture is enlarged to fill it (withoutEnlargement would keep its own shape).
  return reencode(input, { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'cover', position: 'centre' }, 'webp');
}

/**
 * A page's own share image (issue 52 §3): the largest 1.91:1 centre crop, at
 * most 1200 × 630 and never enlarged (the check panel says when it is small), JPEG.
 */
async function processShareImage(input: Buffer): Promise<ProcessedMedia> {
  const image = await decode(input);
  const { width = 0, height = 0, orientation } = await image.metadata();
  // Turned by its EXIF orientation (decode rotates), the sides swap for 5 to 8.
  const [wide, tall] = orientation && orientation >= 5 ? [height, width] : [width, height];
  const ratio = SHARE_UPLOAD_MAX.width / SHARE_UPLOAD_MAX.height;
  const cropWidth = Math.max(1, Math.min(wide, Math.round(tall * ratio), SHARE_UPLOAD_MAX.width));
  const cropHeight = Math.max(1, Math.round(cropWidth / ratio));
  const { data, info } = await image
    .resize({ width: cropWidth, height: cropHeight, fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data, ext: 'jpg', mime: 'image/jpeg', width: info.width, height: info.height };
}

/** An embed's picture from its provider (issue 30): at most 480 px on the longer side, WebP, its shape kept. */
function processEmbedPicture(input: Buffer): Promise<ProcessedMedia> {
  const side = EMBED_PICTURE_MAX_DIMENSION;
  return reencode(input, { width: side, height: side, fit: 'inside', withoutEnlargement: true }, 'webp');
}

/** A page background: at most 1920 px on the longer side, WebP. */
function processBackground(input: Buffer): Promise<ProcessedMedia> {
  const side = BACKGROUND_MAX_DIMENSION;
  return reencode(input, { width: side, height: side, fit: 'inside', withoutEnlargement: true }, 'webp');
}

/** An avatar or decoration image from Discord: at most 160 px, PNG (transparency kept). */
function processDiscordImage(input: Buffer): Promise<ProcessedMedia> {
  return reencode(input, { width: 160, height: 160, fit: 'inside', withoutEnlargement: true }, 'png');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The largest PNG image inside an ICO or CUR file (the directory of images
 * Windows icons and cursors are), or undefined when the input is no such file.
 * Images stored as BMP are not read: libvips has no ICO loader, and every
 * current icon editor writes PNG entries.
 */
export function pngInsideIco(input: Buffer): Buffer | undefined {
  if (input.length < 6 || input.readUInt16LE(0) !== 0 || ![1, 2].includes(input.readUInt16LE(2))) return undefined;
  const count = input.readUInt16LE(4);
  let best: { area: number; data: Buffer } | undefined;
  for (let index = 0; index < count && 6 + (index + 1) * 16 <= input.length; index++) {
    const entry = 6 + index * 16;
    const width = input[entry] || 256;
    const height = input[entry + 1] || 256;
    const size = input.readUInt32LE(entry + 8);
    const offset = input.readUInt32LE(entry + 12);
    if (offset + size > input.length) continue;
    const data = input.subarray(offset, offset + size);
    if (data.subarray(0, 8).equals(PNG_SIGNATURE) && (!best || width * height > best.area)) best = { area: width * height, data };
  }
  return best?.data;
}

/** A custom cursor (PNG, or the PNG inside an ICO or CUR): at most 128 px, PNG (browsers take PNG cursors; transparency kept). */
function processCursor(input: Buffer): Promise<ProcessedMedia> {
  const side = CURSOR_MAX_DIMENSION;
  return reencode(pngInsideIco(input) ?? input, { width: side, height: side, fit: 'inside', withoutEnlargement: true }, 'png');
}

const AUDIO_TYPES: Record<string, { ext: string; mime: string }> = {
  mp3: { ext: 'mp3', mime: 'audio/mpeg' },
  ogg: { ext: 'ogg', mime: 'audio/ogg' },
  oga: { ext: 'ogg', mime: 'audio/ogg' },
  opus: { ext: 'ogg', mime: 'audio/ogg' },
  m4a: { ext: 'm4a', mime: 'audio/mp4' },
};

/**
 * Background music: MP3, OGG or M4A, recognised by its content (file-type reads
 * the container's signature), never by the name or the type the browser sent.
 * Audio is stored as sent: there is no audio encoder here, and a browser plays
 * it from a sandboxed, content-typed address.
 */
async function processAudio(input: Buffer): Promise<ProcessedMedia> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(input);
  const known = type ? AUDIO_TYPES[type.ext] : undefined;
  if (!known) throw new UnsupportedMediaError();
  return { data: input, ext: known.ext, mime: known.mime, width: null, height: null };
}

/**
 * A profile's QR code (qr-drawing.ts) as SVG, or as a square PNG of the job's
 * size; the stored profile picture, when asked, is made a square PNG first,
 * which every SVG renderer can show inside the drawing.
 */
async function drawQrCode(input: Buffer): Promise<ProcessedMedia> {
  const { address, colour, size, picture } = JSON.parse(input.toString('utf8')) as QrCodeJob;
  const middle = picture
    ? (
        await reencode(
          Buffer.from(picture, 'base64'),
          { width: QR_PICTURE_SIZE, height: QR_PICTURE_SIZE, fit: 'cover', position: 'centre' },
          'png',
        )
      ).data
    : undefined;
  const svg = await qrSvg(address, colour, middle, size ?? undefined);
  if (size === null) return { data: Buffer.from(svg), ext: 'svg', mime: 'image/svg+xml', width: null, height: null };
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, ext: 'png', mime: 'image/png', width: info.width, height: info.height };
}

/** The content is not of the kind's type: refused with the kind's own message. */
export class UnsupportedMediaError extends Error {}

/** What a picture job is: an upload of one kind, an image fetched from Discord, a QR code, a page's share image, or a report's chart. */
export type MediaJobKind = MediaKind | 'discord' | 'qr-code' | 'share-image' | 'report-chart';

/**
 * Every decoder, by job kind. They run in the media worker process
 * (image-worker.ts), never in the server's own: see MediaProcessor.
 */
export const MEDIA_DECODERS: Record<MediaJobKind, (input: Buffer) => Promise<ProcessedMedia>> = {
  icon: processIcon,
  avatar: processAvatar,
  thumbnail: processThumbnail,
  share: processShareImage,
  embed: processEmbedPicture,
  background: processBackground,
  cursor: processCursor,
  audio: processAudio,
  discord: processDiscordImage,
  'qr-code': drawQrCode,
  'share-image': (input) => drawShareImage(input, loadSharp),
  'report-chart': (input) => drawReportChart(input, loadSharp),
};

export interface MediaRule {
  maxBytes: number;
  tooLargeMessage: string;
  /** The message for a file of the wrong type. */
  wrongTypeMessage: string;
  /** A first check on the type the browser sent; the content decides when it is decoded. */
  accepts(mime: string): boolean;
}

export type MediaRules = Partial<Record<MediaKind, MediaRule>>;
