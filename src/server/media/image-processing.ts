import type { Sharp, SharpOptions } from 'sharp';
import { ICON_JPEG_QUALITY, ICON_MAX_DIMENSION, type MediaKind } from '#shared/media.ts';

export interface ProcessedMedia {
  data: Buffer;
  ext: string;
  mime: string;
  width: number | null;
  height: number | null;
}

let sharpModule: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp (libvips) is loaded on the first upload: it costs the process about
 * 25 MB of memory, which an instance that only serves pages never needs.
 */
function loadSharp() {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

/** Refuse decompression bombs before decoding them (about 7000 × 7000). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decode and re-encode: nothing is ever stored as sent, so a renamed file or a
 * polyglot cannot survive. SVG is rasterized (sharp renders it without fetching).
 */
export async function processIcon(input: Buffer): Promise<ProcessedMedia> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(ICON_MAX_DIMENSION, ICON_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: ICON_JPEG_QUALITY, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data, ext: 'jpg', mime: 'image/jpeg', width: info.width, height: info.height };
}

export interface MediaRule {
  maxBytes: number;
  tooLargeMessage: string;
  accepts(mime: string): boolean;
  process(input: Buffer): Promise<ProcessedMedia>;
}

export type MediaRules = Partial<Record<MediaKind, MediaRule>>;
