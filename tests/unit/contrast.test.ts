import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buttonFillsOf, buttonsTakeLinkColours, checkButtonText, checkPageText, profileCssColours } from '#profile/profile-contrast.ts';
import { AA_TEXT_CONTRAST, contrastRatio, formatRatio, nearestColor, parseHex, toHex } from '#shared/contrast.ts';
import { CUSTOMIZATION_DEFAULTS, type Customization, quickThemeFields } from '#shared/customization.ts';
import { THEME_COLOR } from '#shared/links.ts';
import { QUICK_THEMES } from '#shared/themes.ts';
import { EXAMPLE_PROFILES } from '#web/features/examples/example-profiles.ts';

const look = (fields: Partial<Customization>): Customization => ({ ...CUSTOMIZATION_DEFAULTS, ...fields });
const white = parseHex('#FFFFFF');

describe('contrast ratios', () => {
  it('are WCAG 2’s: 21:1 for black on white, 4.54:1 for #767676', () => {
    expect(contrastRatio(parseHex('#000000'), white)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHex('#767676'), white)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(white, parseHex('#767676'))).toBeCloseTo(4.54, 2);
    expect(formatRatio(4.499)).toBe('4.4:1');
    expect(toHex(parseHex('#0aF'))).toBe('#00AAFF');
  });

  it('find the nearest colour that passes: the same hue, the lightness moved the least', () => {
    const passesOnWhite = (candidate: ReturnType<typeof parseHex>) => contrastRatio(candidate, white) >= AA_TEXT_CONTRAST;
    const darker = nearestColor('#EAB308', passesOnWhite)!;
    expect(contrastRatio(parseHex(darker), white)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    // One step lighter would not pass: it is the nearest.
    const lighter = toHex(parseHex(darker).map((channel) => channel + 6) as unknown as ReturnType<typeof parseHex>);
    expect(contrastRatio(parseHex(lighter), white)).toBeLessThan(AA_TEXT_CONTRAST);
    // A colour that passes is its own answer; nothing passes on mid grey at 21:1.
    expect(nearestColor('#111111', passesOnWhite)).toBe('#111111');
    expect(nearestColor('#111111', (candidate) => contrastRatio(candidate, parseHex('#777777')) >= 21)).toBeUndefined();
  });
});

describe("a look's text against its background", () => {
  it('passes with the default look, and fails for light text on a light page, with a fix that passes', () => {
    expect(checkPageText(CUSTOMIZATION_DEFAULTS)).toMatchObject({ passes: true });
    const washedOut = look({ darkMode: false, textColor: '#A1A1AA', backgroundGradient: 'sunset' });
    const check = checkPageText(washedOut)!;
    expect(check.passes).toBe(false);
    expect(check.ratio).toBeLessThan(AA_TEXT_CONTRAST);
    expect(checkPageText({ ...washedOut, textColor: check.suggestion! })).toMatchObject({ passes: true });
  });

  it('is not judged over an uploaded image, which cannot be known', () => {
    expect(checkPageText(look({ backgroundType: 'image', backgroundImage: '/media/abc.webp' }))).toBeUndefined();
  });
});

describe("a look's button text", () => {
  it('sits on the links’ own colours, the theme’s with the gradient style, or the style’s own fill', () => {
    expect(buttonFillsOf(CUSTOMIZATION_DEFAULTS, ['yellow', 'purple-blue', 'yellow'])).toEqual([
      { kind: 'link', color: 'yellow' },
      { kind: 'link', color: 'purple-blue' },
    ]);
    expect(buttonFillsOf(look({ buttonStyle: 'gradient' }), ['yellow'])).toEqual([
      { kind: 'theme', field: 'primaryColor' },
      { kind: 'theme', field: 'secondaryColor' },
    ]);
    expect(buttonFillsOf(look({ buttonStyle: 'neon' }), ['yellow'])).toEqual([{ kind: 'style' }]);
    expect(buttonFillsOf(look({ swapBoxColors: true }), ['yellow'])).toEqual([{ kind: 'style' }]);
    // The link form warns at a link's colour only when the buttons take it.
    expect(
      [CUSTOMIZATION_DEFAULTS, look({ buttonStyle: 'gradient' }), look({ buttonStyle: 'neon' }), look({ swapBoxColors: true })].map(
        buttonsTakeLinkColours,
      ),
    ).toEqual([true, false, false, false]);
  });

  it('fails white on yellow with a darker yellow that passes, and passes on black', () => {
    const yellow = checkButtonText(CUSTOMIZATION_DEFAULTS, { kind: 'link', color: 'yellow' })!;
    expect(yellow.passes).toBe(false);
    expect(formatRatio(yellow.ratio)).toBe('1.9:1');
    expect(contrastRatio(parseHex(yellow.suggestion!), white)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(checkButtonText(CUSTOMIZATION_DEFAULTS, { kind: 'link', color: 'black' })).toMatchObject({ passes: true });
    // A gradient link is as readable as its lighter end.
    expect(formatRatio(checkButtonText(CUSTOMIZATION_DEFAULTS, { kind: 'link', color: 'purple-blue' })!.ratio)).toBe('3.6:1');
  });

  it('reads a link that follows the theme on both of the theme’s colours', () => {
    const dark = look({ primaryColor: '#111827', secondaryColor: '#1F2937' });
    expect(checkButtonText(dark, { kind: 'link', color: THEME_COLOR })).toMatchObject({ passes: true });
    // Its lighter end decides: a pale secondary fails it.
    expect(checkButtonText({ ...dark, secondaryColor: '#FDE68A' }, { kind: 'link', color: THEME_COLOR })).toMatchObject({ passes: false });
  });

  it('counts a translucent button with what shows through it', () => {
    const opaque = checkButtonText(look({ buttonStyle: 'gradient', primaryColor: '#111827' }), { kind: 'theme', field: 'primaryColor' })!;
    const faint = checkButtonText(look({ buttonStyle: 'gradient', primaryColor: '#111827', buttonOpacity: 10, darkMode: false }), {
      kind: 'theme',
      field: 'primaryColor',
    })!;
    expect(opaque.passes).toBe(true);
    expect(faint.passes).toBe(false);
  });
});

describe('what a new page ships with (issue 51)', () => {
  const checksOf = (c: Customization) => [
    checkPageText(c),
    ...buttonFillsOf(c, [THEME_COLOR]).map((fill) => checkButtonText(c, fill)),
    // The gradient button style paints the theme's two colours too.
    ...buttonFillsOf({ ...c, buttonStyle: 'gradient' }, []).map((fill) => checkButtonText({ ...c, buttonStyle: 'gradient' }, fill)),
  ];

  it('passes WCAG AA for text and buttons with the default look and a new link', () => {
    // A new link follows the theme (links.service.ts saves THEME_COLOR).
    for (const check of checksOf(CUSTOMIZATION_DEFAULTS)) expect(check).toMatchObject({ passes: true });
  });

  it('passes WCAG AA for text and buttons with each of the 24 quick themes, as shipped', () => {
    expect(QUICK_THEMES).toHaveLength(24);
    for (const theme of QUICK_THEMES) {
      const checks = checksOf(look(quickThemeFields(theme)));
      expect(checks).toHaveLength(5);
      checks.forEach((check, index) => expect(check, `${theme.name}, check ${index}`).toMatchObject({ passes: true }));
    }
  });
});

describe('the example pages', () => {
  it('pass the checks Customize makes: text and button text at WCAG AA', () => {
    for (const { page } of EXAMPLE_PROFILES) {
      const buttons = page.links.filter((link) => !link.showAsIcon).map((link) => link.color);
      expect(checkPageText(page.customization), page.profile.username).toMatchObject({ passes: true });
      for (const fill of buttonFillsOf(page.customization, buttons)) {
        expect(checkButtonText(page.customization, fill), `${page.profile.username} ${JSON.stringify(fill)}`).toMatchObject({
          passes: true,
        });
      }
    }
  });
});

describe('the colours the checks assume', () => {
  it('are the ones profile.css paints', () => {
    const css = readFileSync('src/profile/profile.css', 'utf8') + readFileSync('src/profile/profile-options.css', 'utf8');
    const rgb = ([r, g, b]: readonly number[], alpha?: number) => `rgb(${r} ${g} ${b}${alpha === undefined ? '' : ` / ${alpha}`})`;
    const { PAGE_BASE, SCRIM, CARD, STYLE_FILLS } = profileCssColours;
    expect(css).toContain(`background: ${toHex(PAGE_BASE.dark).toLowerCase()};`);
    expect(css).toContain(`background: ${toHex(PAGE_BASE.light).toLowerCase()};`);
    for (const mode of ['dark', 'light'] as const) {
      expect(css).toContain(`linear-gradient(${SCRIM[mode].alphas.map((alpha) => rgb(SCRIM[mode].color, alpha)).join(', ')})`);
      expect(css).toContain(`background: ${rgb(CARD[mode].color, CARD[mode].alpha)};`);
    }
    for (const fill of Object.values(STYLE_FILLS)) expect(css).toContain(`background: ${rgb(fill.color, fill.alpha)};`);
    expect(css).toContain(
      `--lv-muted: color-mix(in srgb, var(--lv-text) ${Math.round((1 - profileCssColours.MUTED_MIX.share) * 100)}%, #71717a);`,
    );
  });
});
