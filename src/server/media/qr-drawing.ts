import QRCode from 'qrcode';
import { QR_BACKGROUND } from '#shared/qr-code.ts';

// A profile's QR code (issue 31), drawn by `qrcode` in the media worker (issue
// 51 §4: drawing is work a request may not do on the server's event loop; 24
// codes asked at once held it for 140 ms there): its modules in one colour on
// white, with the profile picture in the middle when asked.

const QUIET_ZONE = 2;

/** What the server sends the worker: what to encode, in which colour, at which size, and the picture's stored bytes. */
export interface QrCodeJob {
  address: string;
  colour: string;
  /** A PNG's side in pixels; null for the SVG. */
  size: number | null;
  /** base64 of the stored profile picture, or null for none. */
  picture: string | null;
}

/**
 * Where the picture sits, in modules: a square of whole modules centred on the
 * symbol, about a fifth of its side (odd, so that it is centred), which error
 * correction H reads through with room to spare.
 */
function middleOf(address: string): { side: number; start: number } {
  const symbol = QRCode.create(address, { errorCorrectionLevel: 'H' }).modules.size;
  const side = Math.round(symbol * 0.22) | 1;
  return { side, start: QUIET_ZONE + (symbol - side) / 2 };
}

/** The picture over the middle: a white rounded square, and the picture in a circle inside it. */
function middleSvg(address: string, picture: Buffer): string {
  const { side, start } = middleOf(address);
  const centre = start + side / 2;
  const radius = side / 2 - 0.5;
  return (
    `<rect x="${start}" y="${start}" width="${side}" height="${side}" rx="${side / 5}" fill="${QR_BACKGROUND}"/>` +
    `<clipPath id="qr-picture"><circle cx="${centre}" cy="${centre}" r="${radius}"/></clipPath>` +
    `<image href="data:image/png;base64,${picture.toString('base64')}" x="${centre - radius}" y="${centre - radius}" ` +
    `width="${radius * 2}" height="${radius * 2}" clip-path="url(#qr-picture)"/>`
  );
}

/**
 * The code as SVG, in `colour` on white; with `picture` (a square PNG) in the
 * middle, drawn with error correction H (30 % of it can be covered), else M;
 * with `size`, given that width and height for rasterizing.
 */
export async function qrSvg(address: string, colour: string, picture?: Buffer, size?: number): Promise<string> {
  const svg = await QRCode.toString(address, {
    type: 'svg',
    errorCorrectionLevel: picture ? 'H' : 'M',
    margin: QUIET_ZONE,
    color: { dark: colour, light: QR_BACKGROUND },
  });
  const drawn = picture ? svg.replace('</svg>', `${middleSvg(address, picture)}</svg>`) : svg;
  return size === undefined ? drawn : drawn.replace('<svg ', `<svg width="${size}" height="${size}" `);
}
