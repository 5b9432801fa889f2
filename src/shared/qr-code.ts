// The profile's QR code (issue 31): what the dashboard asks GET /api/me/qr.svg
// and /api/me/qr.png for.

export const QR_STYLES = ['profile', 'plain'] as const;
export type QrStyle = (typeof QR_STYLES)[number];

/** A PNG's side in pixels: 1024 unless asked, never more than the bound (drawing is bounded work). */
export const QR_PNG_SIZE = { min: 128, max: 2048, default: 1024 } as const;

/** The side, in pixels, of the profile picture a QR code's drawing carries in its middle. */
export const QR_PICTURE_SIZE = 256;

/** A QR code's ground, and the tile behind its picture: its colour is chosen to read against this. */
export const QR_BACKGROUND = '#FFFFFF';

/** Where a QR code sends visitors: the page, marked so analytics counts the visit as "QR code". */
export const QR_REF = 'qr';

export const qrCodeMessages = {
  invalidStyle: `Style must be one of: ${QR_STYLES.join(', ')}`,
  invalidPicture: 'Picture must be true or false',
  invalidSize: `Size must be a whole number of pixels from ${QR_PNG_SIZE.min} to ${QR_PNG_SIZE.max}`,
};
