import { AA_TEXT_CONTRAST, contrastRatio, nearestColor, parseHex } from '#shared/contrast.ts';
import type { Customization } from '#shared/customization.ts';
import { QR_BACKGROUND, QR_REF, type QrStyle } from '#shared/qr-code.ts';

// What a profile's QR code shows (issue 31): its address, black on white or in
// the look's primary colour, darkened as far as it takes to stay easy to scan.
// The media worker draws it (media/qr-drawing.ts).

/** The address a QR code encodes: the profile, marked as reached by a QR code. */
export function qrAddressOf(origin: string, username: string): string {
  return `${origin}/${username}?ref=${QR_REF}`;
}

/** The modules' colour: the look's primary colour, as close as it can be while reading at 4.5:1 on white. */
export function qrColourOf(style: QrStyle, look: Customization): string {
  if (style === 'plain') return '#000000';
  const white = parseHex(QR_BACKGROUND);
  return nearestColor(look.primaryColor, (candidate) => contrastRatio(candidate, white) >= AA_TEXT_CONTRAST) ?? '#000000';
}
