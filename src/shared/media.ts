import { z } from 'zod';

// Upload kinds and their rules (spec 000 §5 for icons; the profile issue adds the others).

export const MEDIA_KINDS = ['icon', 'avatar', 'background', 'audio', 'cursor'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const ICON_MAX_BYTES = 1024 * 1024;
export const ICON_MAX_DIMENSION = 256;
export const ICON_JPEG_QUALITY = 70;

export const mediaMessages = {
  notAnImage: 'Please upload an image file (PNG, JPG, SVG)',
  iconTooLarge: 'Image must be smaller than 1MB',
  processingFailed: 'Failed to process image',
  processingFailedHint: 'Please try another image file',
  noFile: 'No file was uploaded',
  unknownKind: 'Unknown upload kind',
} as const;

export const mediaUploadSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(MEDIA_KINDS),
    url: z.string(),
    bytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'MediaUpload' });
export type MediaUpload = z.infer<typeof mediaUploadSchema>;
