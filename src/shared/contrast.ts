// WCAG contrast between a page's text and what it sits on (issue 27): the
// Customize tab warns at the colour controls when text falls below AA, and
// offers the nearest colour that passes. Colours here are sRGB triples 0–255.

export type Rgb = readonly [number, number, number];

/** WCAG 2.x AA for normal-size text (the page's text and its 16 px buttons). */
export const AA_TEXT_CONTRAST = 4.5;

export function parseHex(hex: string): Rgb {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1, 7);
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();
}

export function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `top` at `alpha` (0–1) painted over `bottom`. */
export function over(top: Rgb, alpha: number, bottom: Rgb): Rgb {
  return [0, 1, 2].map((channel) => top[channel]! * alpha + bottom[channel]! * (1 - alpha)) as unknown as Rgb;
}

/** The lowest contrast of `color` against any of `grounds`. */
export function worstContrast(color: Rgb, grounds: readonly Rgb[]): number {
  return Math.min(...grounds.map((ground) => contrastRatio(color, ground)));
}

function toHsl([red, green, blue]: Rgb): [number, number, number] {
  const [r, g, b] = [red / 255, green / 255, blue / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue = max === r ? (g - b) / delta + (g < b ? 6 : 0) : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return [hue / 6, saturation, lightness];
}

function fromHsl(hue: number, saturation: number, lightness: number): Rgb {
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const k = (t + 1) % 1;
    if (k < 1 / 6) return p + (q - p) * 6 * k;
    if (k < 1 / 2) return q;
    if (k < 2 / 3) return p + (q - p) * (2 / 3 - k) * 6;
    return p;
  };
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255];
}

/**
 * The colour nearest to `color` that `accept`s: the same hue and saturation,
 * its lightness moved the least, lighter or darker (tried on the rounded hex,
 * the value a control will hold). Undefined when no lightness is accepted.
 */
export function nearestColor(color: string, accept: (candidate: Rgb) => boolean): string | undefined {
  const [hue, saturation, lightness] = toHsl(parseHex(color));
  for (let step = 0; step <= 100; step++) {
    for (const candidate of step === 0 ? [lightness] : [lightness + step / 100, lightness - step / 100]) {
      if (candidate < 0 || candidate > 1) continue;
      const hex = toHex(fromHsl(hue, saturation, candidate));
      if (accept(parseHex(hex))) return hex;
    }
  }
  return undefined;
}

/** A check of text against what it sits on: its worst ratio and, below AA, the nearest colour that passes. */
export interface ContrastCheck {
  ratio: number;
  passes: boolean;
  suggestion?: string;
}

/** A ratio as WCAG writes it: 3.7:1. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}
