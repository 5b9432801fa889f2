import { z } from 'zod';

// Upload kinds and their rules (spec 000 §5 for icons; the profile issue adds the others).

/**
 * `share`: the page's own share image (SEO tools, issue 52 §3), in place of the one drawn from its look.
 * `thumbnail`: a link's picture, shown on its button instead of the icon (issue 30).
 * `embed`: an embed's picture, fetched from its provider by this server, never uploaded.
 */
export const UPLOAD_KINDS = ['icon', 'avatar', 'background', 'audio', 'cursor', 'thumbnail', 'share'] as const;
export const MEDIA_KINDS = [...UPLOAD_KINDS, 'embed'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** An upload's address, as the media call answers it: `/media/{sha256}.{ext}`. */
export const MEDIA_URL_PATTERN = /^\/media\/[0-9a-f]{64}\.(jpg|png|webp|mp3|ogg|m4a)$/;

export const ICON_MAX_BYTES = 1024 * 1024;
export const ICON_MAX_DIMENSION = 256;
export const ICON_JPEG_QUALITY = 70;

const MB = 1024 * 1024;
/** Profile picture and background image: spec 001 §5 "Maximum 5MB". */
export const IMAGE_MAX_BYTES = 5 * MB;
/** The profile picture is cropped square to at most this (spec 001 §2: recommended 400x400). */
export const AVATAR_SIZE = 400;
export const BACKGROUND_MAX_DIMENSION = 1920;
export const AUDIO_MAX_BYTES = 10 * MB;
export const CURSOR_MAX_BYTES = 512 * 1024;
export const CURSOR_MAX_DIMENSION = 128;
/** A link's thumbnail (issue 30): cropped square to at most this, WebP. */
export const THUMBNAIL_SIZE = 128;
/** A page's own share image (issue 52 §3): cropped to the cards' 1.91:1, at most 1200 × 630, JPEG (every network reads it). */
export const SHARE_UPLOAD_MAX = { width: 1200, height: 630 } as const;
/** What share cards show well: smaller is shown small, or not at all, by some networks. */
export const SHARE_IMAGE_SMALLEST = { width: 600, height: 315 } as const;
/** An embed's picture (issue 30): at most this on its longer side, WebP; the placeholder crops it to its player's shape. */
export const EMBED_PICTURE_MAX_DIMENSION = 480;

export const mediaMessages = {
  notAnImage: 'Please upload an image file (PNG, JPG, SVG)',
  iconTooLarge: 'Image must be smaller than 1MB',
  /** Spec 001 §5 and §8, the profile picture upload page's texts. */
  selectAnImage: 'Error: Please select an image file',
  imageTooLarge: 'Error: Image is too large (max 5MB)',
  readFailed: 'Error reading file. Please try again.',
  cannotDecode: 'Error: This image could not be read. It may be damaged; please try another file.',
  saveFailed: 'Error saving profile picture. Please try again.',
  noImageSelected: 'No image selected.',
  profilePictureUpdated: 'Profile picture updated successfully!',
  notAnAudioFile: 'Please upload an MP3, OGG or M4A audio file',
  audioTooLarge: 'Audio file is too large (max 10MB)',
  notACursor: 'Please upload a PNG or ICO image for the cursor',
  cursorTooLarge: 'Cursor image is too large (max 512KB)',
  inUse: 'This file is shown on your profile. Remove it in the Customize tab first.',
  processingFailed: 'Failed to process image',
  busy: 'Many uploads are being processed right now. Please try again in a moment.',
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
