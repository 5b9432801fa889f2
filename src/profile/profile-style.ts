import type { CSSProperties } from 'react';
import { CUSTOMIZATION_DEFAULTS, type Customization, fontFamilyOf, gradientStopsOf } from '#shared/customization.ts';

// How a customization document becomes the page's look: CSS custom properties
// on the root (values that vary continuously) and data attributes (choices that
// select a rule in profile.css). Every value here comes from a validated field
// (a hex colour, a number in its range, an enumeration, a /media/ address), so
// nothing a creator types reaches the style attribute unchecked.

type CssVariables = CSSProperties & Record<`--lv-${string}`, string>;

const RING_WIDTHS = { none: '0px', thin: '2px', medium: '4px', thick: '6px' } as const;
const GLOW_INTENSITIES = { low: '6px', medium: '12px', high: '22px' } as const;
/** Density multiplies the particle count (spec 000's simple set: low, medium, high). */
const PARTICLE_DENSITY = { low: 0.5, medium: 1, high: 1.6 } as const;
const SPACING_SCALES = { compact: '0.7', medium: '1', relaxed: '1.35' } as const;
const FILTERS = {
  none: 'none',
  grayscale: 'grayscale(1)',
  sepia: 'sepia(0.8)',
  saturate: 'saturate(1.8)',
  contrast: 'contrast(1.4)',
  brightness: 'brightness(1.3)',
  'hue-rotate': 'hue-rotate(90deg)',
} as const;

/** The page background: the gradient (or its first colour, or the uploaded image over it). */
export function backgroundOf(c: Customization): string {
  const stops = gradientStopsOf(c);
  const gradient =
    c.backgroundDirection === 'radial'
      ? `radial-gradient(circle at 50% 30%, ${stops.join(', ')})`
      : `linear-gradient(${c.backgroundDirection}, ${stops.join(', ')})`;
  if (c.backgroundType === 'solid') return stops[0]!;
  if (c.backgroundType === 'image' && c.backgroundImage) return `center / cover no-repeat url("${c.backgroundImage}"), ${gradient}`;
  return gradient;
}

function percent(value: number): string {
  return String(value / 100);
}

/** Every continuous value of a look as a custom property. */
export function allCustomPropertiesOf(c: Customization): CssVariables {
  return {
    '--lv-primary': c.primaryColor,
    '--lv-secondary': c.secondaryColor,
    '--lv-accent': c.accentColor,
    '--lv-text': c.textColor,
    '--lv-icon': c.iconColor,
    '--lv-bg': backgroundOf(c),
    '--lv-bg-opacity': percent(c.backgroundOpacity),
    '--lv-bg-filter': `${FILTERS[c.backgroundFilter]}${c.backgroundBlur ? ` blur(${c.backgroundBlur}px)` : ''}`,
    '--lv-overlay': c.backgroundOverlay ? c.backgroundOverlayColor : 'transparent',
    '--lv-overlay-opacity': percent(c.backgroundOverlayOpacity),
    '--lv-font': fontFamilyOf(c.font),
    '--lv-font-size': `${c.fontSize}px`,
    '--lv-font-weight': String(c.fontWeight),
    '--lv-line-height': String(c.lineHeight),
    '--lv-letter-spacing': `${c.letterSpacing}px`,
    '--lv-text-transform': c.textTransform,
    '--lv-text-glow': c.textGlow ? `0 0 12px ${c.textGlowColor}` : '0 0 0 transparent',
    '--lv-text-shadow': c.textShadow ? '0 2px 6px rgb(0 0 0 / 0.55)' : '0 0 0 transparent',
    '--lv-username-glow': c.usernameGlow ? `0 0 ${GLOW_INTENSITIES[c.usernameGlowIntensity]} ${c.usernameGlowColor}` : '0 0 0 transparent',
    '--lv-btn-radius': `${c.buttonBorderRadius}px`,
    '--lv-btn-opacity': percent(c.buttonOpacity),
    '--lv-btn-border': `${c.buttonBorderWidth}px solid ${c.buttonBorderColor}`,
    '--lv-btn-shadow': c.buttonShadow ? `0 8px 24px rgb(0 0 0 / ${(c.shadowIntensity / 100).toFixed(2)})` : 'none',
    '--lv-btn-blur': `${c.blurAmount}px`,
    '--lv-gap': `${c.cardSpacing}px`,
    '--lv-card-padding': `${c.cardPadding}px`,
    '--lv-card-radius': `${c.cardBorderRadius}px`,
    '--lv-avatar-size': `${c.profileImageSize}px`,
    '--lv-avatar-border': c.profileImageBorder
      ? `${c.profileImageBorderWidth}px solid ${c.profileImageBorderColor}`
      : '0 solid transparent',
    '--lv-ring': `${RING_WIDTHS[c.profileRingThickness]} ${c.profileRingStyle} ${c.profileRingColor}`,
    '--lv-max-width': `${c.containerMaxWidth}px`,
    '--lv-spacing': SPACING_SCALES[c.spacing],
    '--lv-anim-duration': `${c.animationSpeed}s`,
    '--lv-anim-delay': `${c.animationDelay}s`,
    '--lv-profile-opacity': percent(c.profileOpacity),
    '--lv-profile-blur': `${c.profileBlur}px`,
    ...(c.customCursor ? { '--lv-cursor': `url("${c.customCursor}") 4 4, auto` } : {}),
  };
}

/** The choices that select rules of profile.css, as data attributes of the root. */
export function profileDataOf(c: Customization): Record<`data-${string}`, string | undefined> {
  const on = (value: boolean) => (value ? '' : undefined);
  return {
    'data-button': c.buttonStyle,
    'data-shape': c.linkButtonShape,
    'data-hover': c.hoverEffects ? c.buttonHoverEffect : 'none',
    'data-animation': c.animationType,
    'data-link-animation': c.linkButtonAnimation,
    'data-avatar': c.profileImageShape,
    'data-layout': c.profileLayout,
    'data-pattern': c.backgroundPattern,
    'data-effect': c.backgroundEffect,
    'data-username-effect': c.usernameEffects,
    'data-glow': c.glowSettings,
    'data-button-glow': on(c.buttonGlow),
    'data-border-glow': on(c.borderGlow),
    'data-swap-colors': on(c.swapBoxColors),
    'data-mono-icons': on(c.monochromeIcons),
    'data-light': on(!c.darkMode),
    'data-reduced-motion': on(c.reducedMotion),
    'data-high-contrast': on(c.highContrast),
    'data-color-blind': on(c.colorBlindFriendly),
    'data-accessible': on(c.accessibility),
    'data-plain-avatar': on(c.disableProfileGradient),
    'data-cursor': on(Boolean(c.customCursor)),
    'data-animated-title': on(c.animatedTitle),
    // What the effects script reads to draw particles (the CSS dots stand in without it).
    ...(c.backgroundEffect === 'particles'
      ? {
          'data-particle-type': c.particleType,
          'data-particle-count': String(Math.round(c.particleCount * PARTICLE_DENSITY[c.particleDensity])),
          'data-particle-speed': String(c.particleSpeed),
        }
      : {}),
  };
}

const DEFAULT_PROPERTIES = allCustomPropertiesOf(CUSTOMIZATION_DEFAULTS) as Record<string, string>;

/**
 * The root element's style: the custom properties this look changes. The
 * defaults are declared once in profile.css, so a page with the default look
 * carries none (a unit test keeps profile.css and the defaults equal).
 */
export function profileStyleOf(c: Customization): CssVariables {
  const all = allCustomPropertiesOf(c) as Record<string, string>;
  return Object.fromEntries(Object.entries(all).filter(([name, value]) => DEFAULT_PROPERTIES[name] !== value)) as CssVariables;
}

/** Whether the links need their one-colour variable (--lv-link-solid): only the styles that draw with it. */
export function usesLinkSolidColor(c: Customization): boolean {
  return c.buttonStyle === 'neon' || c.buttonStyle === 'outline' || c.swapBoxColors || (c.hoverEffects && c.buttonHoverEffect === 'glow');
}
