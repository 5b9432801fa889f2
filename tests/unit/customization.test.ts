import { describe, expect, it } from 'vitest';
import {
  CUSTOMIZATION_DEFAULTS,
  FONTS,
  NAMED_GRADIENTS,
  customizationUpdateSchema,
  fontFamilyOf,
  gradientStopsOf,
  customizationSchema,
  resolveCustomization,
} from '#shared/customization.ts';
import { isCustomized } from '#shared/customization-defaults.ts';
import { BASIC_THEME_NAMES, QUICK_THEMES } from '#shared/themes.ts';

describe('the customization document', () => {
  it('offers 53 fonts, 24 quick themes and 12 named gradients (spec 000 §2)', () => {
    expect(FONTS).toHaveLength(53);
    expect(new Set(FONTS.map(([name]) => name)).size).toBe(53);
    expect(QUICK_THEMES).toHaveLength(24);
    expect(Object.keys(NAMED_GRADIENTS)).toHaveLength(12);
  });

  it('names 8 basic themes, each a quick theme, for the plans without every theme (issue 33)', () => {
    expect(new Set(BASIC_THEME_NAMES).size).toBe(8);
    for (const name of BASIC_THEME_NAMES) expect(QUICK_THEMES.map((theme) => theme.name)).toContain(name);
  });

  it("has the full set's and spec 001's public defaults, in colours whose button text reads at WCAG AA (issue 51)", () => {
    expect(CUSTOMIZATION_DEFAULTS).toMatchObject({
      // Spec 000 §4 and 001 name #8B5CF6 and #EC4899: white text reads on them at 4.2:1 and 3.5:1, so they are darkened.
      primaryColor: '#7C3AED',
      secondaryColor: '#DB2777',
      accentColor: '#F97316',
      font: 'Inter',
      fontSize: 16,
      fontWeight: 400,
      lineHeight: 1.5,
      cardSpacing: 16,
      cardPadding: 20,
      cardBorderRadius: 16,
      profileImageSize: 120,
      profileImageBorderWidth: 4,
      containerMaxWidth: 400,
      animationType: 'fadeIn',
      animationSpeed: 1,
      darkMode: true,
      volumeControl: true,
      backgroundOpacity: 100,
      backgroundGradient: 'purple-to-blue',
      customCSS: '',
    });
    // The plain defaults the overview compares with are the rules' own: every field, each value.
    expect(customizationSchema.parse({})).toEqual(CUSTOMIZATION_DEFAULTS);
    expect(isCustomized(customizationSchema.parse({}))).toBe(false);
    expect(isCustomized({ ...CUSTOMIZATION_DEFAULTS, fontSize: 18 })).toBe(true);
  });

  it('falls back field by field when a stored document no longer validates', () => {
    const resolved = resolveCustomization({ fontSize: 99, font: 'Roboto', buttonStyle: 'retired', primaryColor: '#123456', gone: true });
    expect(resolved.fontSize).toBe(16);
    expect(resolved.buttonStyle).toBe('default');
    expect(resolved.font).toBe('Roboto');
    expect(resolved.primaryColor).toBe('#123456');
    expect(resolved).not.toHaveProperty('gone');
    expect(resolveCustomization('not a document')).toEqual(CUSTOMIZATION_DEFAULTS);
    expect(resolveCustomization(null)).toEqual(CUSTOMIZATION_DEFAULTS);
    expect(resolveCustomization([1, 2])).toEqual(CUSTOMIZATION_DEFAULTS);
  });

  it('takes a partial update without filling in defaults, and names unknown fields', () => {
    expect(customizationUpdateSchema.parse({ fontSize: 20 })).toEqual({ fontSize: 20 });
    const refused = customizationUpdateSchema.safeParse({ fontSize: 20, colour: 'red', sparkle: true });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Unknown customization fields: colour, sparkle');
  });

  it('draws a custom gradient only when it is chosen and given', () => {
    expect(gradientStopsOf({ backgroundGradient: 'custom', customGradient: '#000000,#ffffff' })).toEqual(['#000000', '#ffffff']);
    expect(gradientStopsOf({ backgroundGradient: 'custom', customGradient: '' })).toEqual(NAMED_GRADIENTS['purple-to-blue'].stops);
    expect(gradientStopsOf({ backgroundGradient: 'ocean', customGradient: '#000000,#ffffff' })).toEqual(NAMED_GRADIENTS.ocean.stops);
  });

  it('names the served Inter face first, then a generic family', () => {
    expect(fontFamilyOf('Inter')).toMatch(/^'Inter Variable', Inter, .*sans-serif$/);
    expect(fontFamilyOf('Lora')).toBe("'Lora', serif");
    expect(fontFamilyOf('JetBrains Mono')).toBe("'JetBrains Mono', monospace");
  });
});
