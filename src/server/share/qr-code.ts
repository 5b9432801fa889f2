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

export function qrSvg(address: string, colour: string): Promise<string> {
  return QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: QUIET_ZONE, color: { dark: colour, light: WHITE } });
}

export function qrPng(address: string, colour: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(address, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: QUIET_ZONE,
    width: size,
    color: { dark: colour, light: WHITE },
  });
}
