import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CUSTOMIZATION_DEFAULTS, type Customization } from '#shared/customization.ts';
import { allCustomPropertiesOf, profileDataOf, profileStyleOf } from '#profile/profile-style.ts';
import { PROFILE_BASE_CSS, optionCssFor } from '#server/page-drawing/profile-stylesheet.ts';

const cssOf = (look: Partial<Customization> = {}) => optionCssFor(profileDataOf({ ...CUSTOMIZATION_DEFAULTS, ...look }));

describe("the page's stylesheet", () => {
  it('carries, for the default look, only the default choices’ rules and the animation they use', () => {
    const css = cssOf();
    expect(css).toContain(':where([data-hover="lift"]) .lv-link:hover');
    expect(css).toContain(':where([data-animation="fadeIn"]) .lv-card');
    expect(css).toContain('@keyframes lv-fade');
    expect(css).not.toContain('neon');
    expect(css).not.toContain('@keyframes lv-spin');
    expect(css).not.toContain('data-reduced-motion');
    // What a default page pays for its look, compressed as it is cached and sent.
    expect(brotliCompressSync(css).length).toBeLessThan(300);
  });

  it('adds the rules and animations a look selects, and nothing of the looks it does not', () => {
    const css = cssOf({ buttonStyle: 'neon', animationType: 'rotate', reducedMotion: true, backgroundEffect: 'waves' });
    expect(css).toContain(':where([data-button="neon"]) .lv-link{');
    expect(css).toContain('@keyframes lv-spin');
    expect(css).toContain('@keyframes lv-drift');
    expect(css).toContain(':where([data-reduced-motion]) *');
    expect(css).not.toContain('[data-button="glass"]');
    expect(css).not.toContain('.lv-social');
    expect(css).not.toContain('@keyframes lv-fade');
  });

  it('brings the rules of the parts a page has with them, at the specificity of one class', () => {
    const css = cssOf({ location: 'Lisbon', audioFile: `/media/${'a'.repeat(64)}.mp3` });
    expect(optionCssFor({ ...profileDataOf(CUSTOMIZATION_DEFAULTS), 'data-music': '' })).toContain(
      '.lv-page:where([data-music]) .lv-music{',
    );
    expect(css).not.toContain('.lv-music{');
    expect(cssOf()).not.toContain('.lv-verified');
  });

  it("brings a layout its rules, those for wide pages inside their container query, and no other layout's", () => {
    const split = cssOf({ profileLayout: 'split' });
    expect(split).toMatch(
      /@container lv-profile \(min-width:680px\)\{\.lv-page:where\(\[data-layout="split"\]\) \.lv-card\{[^}]*display:grid/,
    );
    expect(split).toContain(':where([data-layout="split"]) .lv-profile{');
    expect(split).not.toContain('data-layout="tiles"');
    const tiles = cssOf({ profileLayout: 'tiles' });
    expect(tiles).toContain('@container lv-profile (min-width:560px){.lv-page:where([data-layout="tiles"]) .lv-links{');
    expect(tiles).not.toContain('data-layout="split"');
    // The default layout pays for no container query at all.
    expect(cssOf()).not.toContain('@container');
    // Keyframes stay whole, and none of their steps is taken for a rule.
    expect(cssOf({ animationType: 'rotate' })).toMatch(/@keyframes lv-spin\{[^@]*\}\}/);
  });

  it('keeps the base rules free of any rule a choice selects', () => {
    expect(PROFILE_BASE_CSS).not.toContain('[data-');
    expect(PROFILE_BASE_CSS).toContain('.lv-link{');
    expect(PROFILE_BASE_CSS).toContain('@media (prefers-reduced-motion:reduce)');
  });
});

describe("the page root's custom properties", () => {
  const normalized = (value: string) =>
    value
      .replace(/\s*([,:])\s*/g, '$1')
      .trim()
      .toLowerCase();

  it('are declared in the stylesheet with exactly the default look’s values', () => {
    const block = /\.lv-page\{([^}]*)\}/.exec(PROFILE_BASE_CSS)![1]!;
    const declared = Object.fromEntries(
      [...block.matchAll(/(--lv-[a-z-]+):([^;]*)/g)]
        .filter(([, name]) => name !== '--lv-muted')
        .map(([, name, value]) => [name, normalized(value!)]),
    );
    const defaults = Object.fromEntries(
      Object.entries(allCustomPropertiesOf(CUSTOMIZATION_DEFAULTS)).map(([name, value]) => [name, normalized(String(value))]),
    );
    expect(declared).toEqual(defaults);
  });

  it('are written on a page only where its look differs from the default', () => {
    expect(profileStyleOf(CUSTOMIZATION_DEFAULTS)).toEqual({});
    expect(profileStyleOf({ ...CUSTOMIZATION_DEFAULTS, fontSize: 18, primaryColor: '#112233' })).toEqual({
      '--lv-font-size': '18px',
      '--lv-primary': '#112233',
    });
  });
});

describe('rules that test attributes of inner elements', () => {
  it('are selected by the root’s attributes only (the status of the Discord card is not the root’s)', () => {
    const css = optionCssFor({ ...profileDataOf(CUSTOMIZATION_DEFAULTS), 'data-discord': '' });
    expect(css).toContain('.lv-discord-status[data-status="online"]');
    expect(optionCssFor(profileDataOf(CUSTOMIZATION_DEFAULTS))).not.toContain('lv-discord');
  });
});
