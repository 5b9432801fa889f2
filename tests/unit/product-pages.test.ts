import { describe, expect, it } from 'vitest';
import { USERNAME_CHANGE_COOLDOWN_DAYS } from '#shared/constants.ts';
import { BUTTON_STYLES, FONT_NAMES, NAMED_GRADIENTS, SAVED_LOOKS_KEPT } from '#shared/customization.ts';
import { QUICK_THEMES } from '#shared/themes.ts';
import { GRADIENT_COLORS, LINK_ICONS, SOLID_COLORS } from '#shared/links.ts';
import { PRODUCT_COUNTS } from '#web/features/site/product-pages.tsx';

describe('the features page', () => {
  it('counts what the product has: icons, colours, themes, fonts, button styles, kept looks', () => {
    expect(PRODUCT_COUNTS).toEqual({
      icons: LINK_ICONS.length,
      colours: Object.keys(SOLID_COLORS).length,
      gradients: Object.keys(GRADIENT_COLORS).length,
      quickThemes: QUICK_THEMES.length,
      backgrounds: Object.keys(NAMED_GRADIENTS).length,
      fonts: FONT_NAMES.length,
      buttonStyles: BUTTON_STYLES.length,
      savedLooks: SAVED_LOOKS_KEPT,
      usernameDays: USERNAME_CHANGE_COOLDOWN_DAYS,
    });
  });
});
