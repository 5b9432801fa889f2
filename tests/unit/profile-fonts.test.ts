import { describe, expect, it } from 'vitest';
import { FONT_NAMES, fontFaceNameOf } from '#shared/customization.ts';
import { fontAssetsFor } from '#server/page-drawing/profile-assets.ts';

describe('the fonts of the list', () => {
  it.each(FONT_NAMES)('%s is served by the product, declared under its own name and preloaded', (font) => {
    const assets = fontAssetsFor(font);
    expect(assets.fontFace).toContain(`font-family:'${fontFaceNameOf(font)}'`);
    expect(assets.fontFace).toContain('font-display:swap');
    expect(assets.preload).toMatch(
      /^<link rel="preload" href="\/fonts\/[a-z0-9-]+-[0-9a-f]{12}\.woff2" as="font" type="font\/woff2" crossorigin>$/,
    );
  });

  it('declares nothing for a name that is not on the list', () => {
    expect(fontAssetsFor('Comic Sans MS')).toEqual({ preload: '', fontFace: '' });
  });
});
