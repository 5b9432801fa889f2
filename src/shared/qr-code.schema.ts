import { z } from 'zod';
import { QR_PNG_SIZE, QR_STYLES, qrCodeMessages } from './qr-code.ts';

// What GET /api/me/qr.svg and /api/me/qr.png take (issue 31), apart from the
// sizes and words the dashboard shows, so that its first load takes no schema.

export const qrSvgQuerySchema = z
  .object({
    style: z.enum(QR_STYLES, { error: qrCodeMessages.invalidStyle }).default('profile'),
    /** The profile picture in the middle (drawn with error correction H); a page without one gets the code alone. */
    picture: z.enum(['true', 'false'], { error: qrCodeMessages.invalidPicture }).default('false'),
  })
  .strict();

export const qrPngQuerySchema = qrSvgQuerySchema
  .extend({
    size: z.coerce
      .number({ error: qrCodeMessages.invalidSize })
      .int(qrCodeMessages.invalidSize)
      .min(QR_PNG_SIZE.min, qrCodeMessages.invalidSize)
      .max(QR_PNG_SIZE.max, qrCodeMessages.invalidSize)
      .default(QR_PNG_SIZE.default),
  })
  .strict();
