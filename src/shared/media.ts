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

export interface MediaUpload {
  id: number;
  kind: MediaKind;
  url: string;
  bytes: number;
  width: number | null;
  height: number | null;
}
