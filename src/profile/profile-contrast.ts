import { type Customization, gradientStopsOf } from '#shared/customization.ts';
import { AA_TEXT_CONTRAST, type ContrastCheck, type Rgb, nearestColor, over, parseHex, worstContrast } from '#shared/contrast.ts';
import { THEME_COLOR, linkColorStops } from '#shared/links.ts';

// What the public page's text and button text sit on, worked out from a look
// the way profile.css paints it, so Customize can warn below WCAG AA. The
// colours below are profile.css's (the unit test reads them there). Filters,
// blur, patterns and effects are left out: they shift a colour a little; an
// uploaded background image cannot be known, and is not checked.

const PAGE_BASE = { dark: [11, 11, 20], light: [244, 244, 245] } as const satisfies Record<string, Rgb>;
/** The scrim over the background, lighter at the top and heavier at the bottom. */
const SCRIM = {
  dark: { color: [11, 11, 20], alphas: [0.35, 0.55] },
  light: { color: [255, 255, 255], alphas: [0.6, 0.75] },
} as const satisfies Record<string, { color: Rgb; alphas: readonly number[] }>;
/** The card behind the profile in the card layout. */
const CARD = { dark: { color: [12, 12, 20], alpha: 0.55 }, light: { color: [255, 255, 255], alpha: 0.7 } } as const;
/** The softer text (the @username, the view count): the text colour mixed with this grey. */
const MUTED_MIX = { grey: [113, 113, 122], share: 0.22 } as const;
/** What a button's fill is in the styles that do not take the link's colour, and its text. */
const WHITE: Rgb = [255, 255, 255];
const STYLE_FILLS = {
  glass: { color: WHITE, alpha: 0.14 },
  neon: { color: [10, 10, 18], alpha: 0.75 },
  outline: { color: [10, 10, 18], alpha: 0.55 },
} as const satisfies Partial<Record<Customization['buttonStyle'], { color: Rgb; alpha: number }>>;
const SWAPPED = { text: '#18181B', fill: [250, 250, 250] } as const;

export const profileCssColours = { PAGE_BASE, SCRIM, CARD, MUTED_MIX, STYLE_FILLS, SWAPPED };

function modeOf(c: Customization): 'dark' | 'light' {
  return c.darkMode ? 'dark' : 'light';
}

/** The colours the page's text sits on, top and bottom of each background stop; undefined over an uploaded image. */
export function textGroundsOf(c: Customization): Rgb[] | undefined {
  const mode = modeOf(c);
  // Cover (issue 52): the background, an image too, is a band across the top; the text sits on the page's plain ground below it.
  if (c.profileLayout === 'cover') return [PAGE_BASE[mode]];
  if (c.backgroundType === 'image' && c.backgroundImage) return undefined;
  const stops = c.backgroundType === 'solid' ? gradientStopsOf(c).slice(0, 1) : gradientStopsOf(c);
  const grounds = stops.flatMap((stop) => {
    const tinted = c.backgroundOverlay
      ? over(parseHex(c.backgroundOverlayColor), c.backgroundOverlayOpacity / 100, parseHex(stop))
      : parseHex(stop);
    return SCRIM[mode].alphas.map((alpha) => over(over(SCRIM[mode].color, alpha, tinted), c.backgroundOpacity / 100, PAGE_BASE[mode]));
  });
  if (c.profileLayout !== 'card') return grounds;
  return grounds.map((ground) => over(CARD[mode].color, CARD[mode].alpha, ground));
}

function mutedOf(text: Rgb): Rgb {
  return over(MUTED_MIX.grey, MUTED_MIX.share, text);
}

function check(ratio: number, suggest: () => string | undefined): ContrastCheck {
  return ratio >= AA_TEXT_CONTRAST ? { ratio, passes: true } : { ratio, passes: false, suggestion: suggest() };
}

/** The page's text (and the softer text mixed from it) on its background; undefined when it cannot be known. */
export function checkPageText(c: Customization): ContrastCheck | undefined {
  const grounds = textGroundsOf(c);
  if (!grounds) return undefined;
  const worst = (text: Rgb) => Math.min(worstContrast(text, grounds), worstContrast(mutedOf(text), grounds));
  return check(worst(parseHex(c.textColor)), () => nearestColor(c.textColor, (text) => worst(text) >= AA_TEXT_CONTRAST));
}

/** The buttons' fill opacity (high contrast makes it whole, as profile.css does). */
function buttonOpacityOf(c: Customization): number {
  return c.highContrast ? 1 : c.buttonOpacity / 100;
}

/** How a button's colour (`fill`, a link colour or the theme's) is painted: at the button opacity over the page. */
function buttonGroundsOf(c: Customization, fill: Rgb): Rgb[] | undefined {
  const opacity = buttonOpacityOf(c);
  if (opacity === 1) return [fill];
  const page = textGroundsOf(c);
  return page?.map((ground) => over(fill, opacity, ground));
}

export type ButtonFill = { kind: 'style' } | { kind: 'theme'; field: 'primaryColor' | 'secondaryColor' } | { kind: 'link'; color: string };

/**
 * Which colours the buttons' text sits on with this look: the theme's two
 * colours for the gradient style, the style's own fill for glass, neon and
 * outline, the links' colours otherwise (the theme's two for links that
 * follow it).
 */
export function buttonFillsOf(c: Customization, linkColors: readonly string[]): ButtonFill[] {
  const kind = buttonFillKindOf(c);
  const themeFills: ButtonFill[] = [
    { kind: 'theme', field: 'primaryColor' },
    { kind: 'theme', field: 'secondaryColor' },
  ];
  if (kind === 'theme') return themeFills;
  if (kind === 'style') return [{ kind: 'style' }];
  // Links that follow the theme sit on its two colours, as the gradient style's do.
  const colours = [...new Set(linkColors)];
  return [
    ...(colours.includes(THEME_COLOR) ? themeFills : []),
    ...colours.filter((color) => color !== THEME_COLOR).map((color): ButtonFill => ({ kind: 'link', color })),
  ];
}

/** What fills this look's buttons: the style's own fill (swapped colours too), the theme's two colours (gradient), or each link's colour. */
function buttonFillKindOf(c: Customization): ButtonFill['kind'] {
  if (c.swapBoxColors) return 'style';
  if (c.buttonStyle === 'gradient') return 'theme';
  return Object.hasOwn(STYLE_FILLS, c.buttonStyle) ? 'style' : 'link';
}

/** Whether this look's buttons are filled with each link's own colour (else with the theme's or the style's). */
export function buttonsTakeLinkColours(c: Customization): boolean {
  return buttonFillKindOf(c) === 'link';
}

/**
 * The buttons' text on one of their fills. The suggestion is the nearest fill
 * colour (theme or link) with which it passes; a style's own fill has none.
 */
export function checkButtonText(c: Customization, fill: ButtonFill): ContrastCheck | undefined {
  if (fill.kind === 'style') {
    const style = c.swapBoxColors ? { color: SWAPPED.fill, alpha: 1 } : STYLE_FILLS[c.buttonStyle as keyof typeof STYLE_FILLS];
    const page = textGroundsOf(c);
    const opacity = buttonOpacityOf(c);
    const grounds = style.alpha * opacity === 1 ? [style.color] : page?.map((ground) => over(style.color, style.alpha * opacity, ground));
    if (!grounds) return undefined;
    const text = c.swapBoxColors ? parseHex(SWAPPED.text) : WHITE;
    return check(worstContrast(text, grounds), () => undefined);
  }
  const stops = fill.kind === 'theme' ? [c[fill.field]] : linkColorStops(fill.color, c);
  const ratioOn = (colours: readonly Rgb[]) => {
    const grounds = colours.map((colour) => buttonGroundsOf(c, colour));
    return grounds.every((ground) => ground !== undefined) ? worstContrast(WHITE, grounds.flat()) : undefined;
  };
  const ratio = ratioOn(stops.map(parseHex));
  if (ratio === undefined) return undefined;
  return check(ratio, () => nearestColor(stops[0]!, (candidate) => (ratioOn([candidate]) ?? 0) >= AA_TEXT_CONTRAST));
}
