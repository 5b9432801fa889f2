import QRCode from 'qrcode';
import { AA_TEXT_CONTRAST, contrastRatio, nearestColor, parseHex } from '#shared/contrast.ts';
import type { Customization } from '#shared/customization.ts';
import { QR_REF, type QrStyle } from '#shared/qr-code.ts';

// A profile's QR code (issue 31), drawn by `qrcode`: black on white, or in the
// look's primary colour, darkened as far as it takes to stay easy to scan.

const WHITE = '#FFFFFF';
const QUIET_ZONE = 2;

/** The address a QR code encodes: the profile, marked as reached by a QR code. */
export function qrAddressOf(origin: string, username: string): string {
  return `${origin}/${username}?ref=${QR_REF}`;
}

/** The modules' colour: the look's primary colour, as close as it can be while reading at 4.5:1 on white. */
export function qrColourOf(style: QrStyle, look: Customization): string {
  if (style === 'plain') return '#000000';
  const white = parseHex(WHITE);
  return nearestColor(look.primaryColor, (candidate) => contrastRatio(candidate, white) >= AA_TEXT_CONTRAST) ?? '#000000';
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
    `<rect x="${start}" y="${start}" width="${side}" height="${side}" rx="${side / 5}" fill="${WHITE}"/>` +
    `<clipPath id="qr-picture"><circle cx="${centre}" cy="${centre}" r="${radius}"/></clipPath>` +
    `<image href="data:image/png;base64,${picture.toString('base64')}" x="${centre - radius}" y="${centre - radius}" ` +
    `width="${radius * 2}" height="${radius * 2}" clip-path="url(#qr-picture)"/>`
  );
}

/**
 * The code as SVG, in `colour` on white; with `picture` (a square PNG) in the
 * middle, drawn with error correction H (30 % of it can be covered), else M.
 */
export async function qrSvg(address: string, colour: string, picture?: Buffer): Promise<string> {
  const svg = await QRCode.toString(address, {
    type: 'svg',
    errorCorrectionLevel: picture ? 'H' : 'M',
    margin: QUIET_ZONE,
    color: { dark: colour, light: WHITE },
  });
  return picture ? svg.replace('</svg>', `${middleSvg(address, picture)}</svg>`) : svg;
}

/** The SVG drawing given a width and height, for the media worker to rasterize at that size. */
export function sizedSvg(svg: string, size: number): string {
  return svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
}
