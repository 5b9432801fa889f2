import { z } from 'zod';
import { MEDIA_URL_PATTERN, type MediaKind } from './media.ts';
import { LOOK_DEFAULTS } from './customization-defaults.ts';

// The one customization document of a profile (spec README point 8): the full
// dashboard set of spec 000 §3 with its enumerations and the slider ranges of
// spec 000 §5, plus the fields of the simple set the profile issue names. Where
// the two sets' defaults differ, the full set's and spec 001's public defaults win.

export const CUSTOM_CSS_MAX_LENGTH = 10_000;

/** A slider: its range and step (spec 000 §5), named once for the schema and the editor. */
export interface SliderRange {
  min: number;
  max: number;
  step: number;
}
export const SLIDERS = {
  fontSize: { min: 12, max: 24, step: 1 },
  fontWeight: { min: 100, max: 900, step: 100 },
  lineHeight: { min: 1, max: 3, step: 0.1 },
  letterSpacing: { min: -2, max: 5, step: 0.5 },
  buttonBorderRadius: { min: 0, max: 50, step: 2 },
  opacity: { min: 0, max: 100, step: 5 },
  cardSpacing: { min: 8, max: 40, step: 2 },
  cardPadding: { min: 10, max: 50, step: 2 },
  cardBorderRadius: { min: 0, max: 40, step: 2 },
  profileImageSize: { min: 80, max: 200, step: 10 },
  animationSpeed: { min: 0.1, max: 3, step: 0.1 },
  blur: { min: 0, max: 20, step: 1 },
  shadowIntensity: { min: 0, max: 100, step: 5 },
  profileBlur: { min: 0, max: 20, step: 1 },
  // Not in the spec's list; bounded so that no value can break the page.
  animationDelay: { min: 0, max: 2, step: 0.1 },
  buttonBorderWidth: { min: 0, max: 8, step: 1 },
  profileImageBorderWidth: { min: 0, max: 12, step: 1 },
  containerMaxWidth: { min: 320, max: 720, step: 20 },
  particleCount: { min: 10, max: 150, step: 10 },
  particleSpeed: { min: 0.1, max: 3, step: 0.1 },
} as const satisfies Record<string, SliderRange>;

/**
 * 53 fonts (spec 000 §2), each with the generic family it falls back to and the
 * kind of @fontsource package the product serves it from: one variable file
 * (`@fontsource-variable/{slug}`), or the regular and bold files of
 * `@fontsource/{slug}`.
 */
export const FONTS = [
  ['Inter', 'sans-serif', 'variable'],
  ['Roboto', 'sans-serif', 'variable'],
  ['Open Sans', 'sans-serif', 'variable'],
  ['Lato', 'sans-serif', 'static'],
  ['Montserrat', 'sans-serif', 'variable'],
  ['Poppins', 'sans-serif', 'static'],
  ['Raleway', 'sans-serif', 'variable'],
  ['Nunito', 'sans-serif', 'variable'],
  ['Source Sans 3', 'sans-serif', 'variable'],
  ['PT Sans', 'sans-serif', 'static'],
  ['Ubuntu', 'sans-serif', 'static'],
  ['Rubik', 'sans-serif', 'variable'],
  ['Work Sans', 'sans-serif', 'variable'],
  ['Quicksand', 'sans-serif', 'variable'],
  ['Fira Sans', 'sans-serif', 'static'],
  ['Mulish', 'sans-serif', 'variable'],
  ['Noto Sans', 'sans-serif', 'variable'],
  ['Karla', 'sans-serif', 'variable'],
  ['Josefin Sans', 'sans-serif', 'variable'],
  ['Barlow', 'sans-serif', 'static'],
  ['Manrope', 'sans-serif', 'variable'],
  ['DM Sans', 'sans-serif', 'variable'],
  ['Space Grotesk', 'sans-serif', 'variable'],
  ['Outfit', 'sans-serif', 'variable'],
  ['Lexend', 'sans-serif', 'variable'],
  ['Sora', 'sans-serif', 'variable'],
  ['Plus Jakarta Sans', 'sans-serif', 'variable'],
  ['Archivo', 'sans-serif', 'variable'],
  ['Cabin', 'sans-serif', 'variable'],
  ['Comfortaa', 'sans-serif', 'variable'],
  ['Exo 2', 'sans-serif', 'variable'],
  ['Titillium Web', 'sans-serif', 'static'],
  ['Playfair Display', 'serif', 'variable'],
  ['Merriweather', 'serif', 'variable'],
  ['Lora', 'serif', 'variable'],
  ['Bitter', 'serif', 'variable'],
  ['Crimson Text', 'serif', 'static'],
  ['Libre Baskerville', 'serif', 'variable'],
  ['EB Garamond', 'serif', 'variable'],
  ['Cormorant Garamond', 'serif', 'variable'],
  ['Abril Fatface', 'serif', 'static'],
  ['Oswald', 'sans-serif', 'variable'],
  ['Bebas Neue', 'sans-serif', 'static'],
  ['Anton', 'sans-serif', 'static'],
  ['Righteous', 'sans-serif', 'static'],
  ['Orbitron', 'sans-serif', 'variable'],
  ['Lobster', 'cursive', 'static'],
  ['Pacifico', 'cursive', 'static'],
  ['Dancing Script', 'cursive', 'variable'],
  ['Caveat', 'cursive', 'variable'],
  ['Permanent Marker', 'cursive', 'static'],
  ['Press Start 2P', 'monospace', 'static'],
  ['JetBrains Mono', 'monospace', 'variable'],
] as const;
export type FontName = (typeof FONTS)[number][0];
export type FontSource = (typeof FONTS)[number][2];
export const FONT_NAMES = FONTS.map(([name]) => name) as [FontName, ...FontName[]];
const fontFallbacks: ReadonlyMap<string, string> = new Map(FONTS.map(([name, generic]) => [name, generic]));

/** The font's package name part and file prefix: 'Source Sans 3' → 'source-sans-3'. */
export function fontSlugOf(font: string): string {
  return font.toLowerCase().replace(/\s+/g, '-');
}

/** The stylesheet of a font's @font-face rules (served by profile-assets.ts); null for Inter, which the app loads itself. */
export function fontStylesheetOf(font: string): string | null {
  return font === 'Inter' ? null : `/fonts/${fontSlugOf(font)}.css`;
}

/** The family a font is declared under: the product's Inter is the app's own variable face. */
export function fontFaceNameOf(font: string): string {
  return font === 'Inter' ? 'Inter Variable' : font;
}

/** The CSS font-family of a font: the face itself, then its generic family. */
export function fontFamilyOf(font: string): string {
  const face = font === 'Inter' ? "'Inter Variable', Inter" : `'${font}'`;
  const generic = fontFallbacks.get(font) ?? 'sans-serif';
  const system = generic === 'sans-serif' ? ", ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto" : '';
  return `${face}${system}, ${generic}`;
}

/** 12 named background gradients (spec 000 §2), each two or three colour stops. */
export const NAMED_GRADIENTS = {
  'purple-to-blue': { name: 'Purple Haze', stops: ['#8B5CF6', '#3B82F6'] },
  sunset: { name: 'Sunset', stops: ['#F97316', '#EC4899', '#8B5CF6'] },
  ocean: { name: 'Ocean', stops: ['#06B6D4', '#3B82F6', '#1E3A8A'] },
  forest: { name: 'Forest', stops: ['#14532D', '#22C55E'] },
  fire: { name: 'Fire', stops: ['#F59E0B', '#EF4444'] },
  'cotton-candy': { name: 'Cotton Candy', stops: ['#F9A8D4', '#A5B4FC'] },
  midnight: { name: 'Midnight', stops: ['#0F172A', '#312E81'] },
  aurora: { name: 'Aurora', stops: ['#10B981', '#06B6D4', '#8B5CF6'] },
  peach: { name: 'Peach', stops: ['#FDBA74', '#FB7185'] },
  neon: { name: 'Neon', stops: ['#D946EF', '#22D3EE'] },
  royal: { name: 'Royal', stops: ['#4C1D95', '#DB2777'] },
  mono: { name: 'Monochrome', stops: ['#18181B', '#52525B'] },
} as const;
export type NamedGradient = keyof typeof NAMED_GRADIENTS;
export const CUSTOM_GRADIENT = 'custom';

// Enumerations of the full set (spec 000 §3), then the simple set's.
export const BUTTON_STYLES = ['default', 'rounded', 'pill', 'square', 'glass', 'neon', 'gradient', 'shadow', 'outline'] as const;
export const ANIMATION_TYPES = ['none', 'fadeIn', 'slideUp', 'bounce', 'pulse', 'float', 'glow', 'shake', 'rotate', 'scale'] as const;
export const BACKGROUND_EFFECTS = ['none', 'particles', 'geometric', 'waves', 'mesh', 'noise', 'dots', 'lines', 'circles'] as const;
export const TEXT_TRANSFORMS = ['none', 'uppercase', 'lowercase', 'capitalize'] as const;
export const GLOW_SETTINGS = ['disabled', 'username', 'socials', 'badges'] as const;
export const HOVER_EFFECTS = ['none', 'lift', 'glow', 'pulse', 'rotate'] as const;
export const PROFILE_IMAGE_SHAPES = ['circle', 'rounded', 'square'] as const;
export const USERNAME_POSITIONS = ['below-name', 'above-name'] as const;
export const BIO_POSITIONS = ['above-links', 'below-links'] as const;
export const USERNAME_EFFECTS = ['none', 'gradient', 'rainbow', 'shadow', 'outline'] as const;
export const INTENSITIES = ['low', 'medium', 'high'] as const;
export const RING_THICKNESSES = ['none', 'thin', 'medium', 'thick'] as const;
export const RING_STYLES = ['solid', 'dashed', 'dotted', 'double'] as const;
export const BACKGROUND_TYPES = ['gradient', 'solid', 'image'] as const;
export const BACKGROUND_DIRECTIONS = [
  'to bottom right',
  'to bottom',
  'to bottom left',
  'to right',
  'to left',
  'to top right',
  'to top',
  'to top left',
  'radial',
] as const;
export const BACKGROUND_PATTERNS = ['none', 'dots', 'grid', 'diagonal', 'checks'] as const;
export const BACKGROUND_FILTERS = ['none', 'grayscale', 'sepia', 'saturate', 'contrast', 'brightness', 'hue-rotate'] as const;
export const PARTICLE_TYPES = ['bubbles', 'stars', 'snow', 'hearts', 'confetti'] as const;
export const LINK_BUTTON_SHAPES = ['rounded', 'pill', 'square', 'leaf'] as const;
export const LINK_BUTTON_ANIMATIONS = ['none', 'pulse', 'bounce', 'shake', 'glow', 'float'] as const;
/**
 * The page's layouts (issue 52), in the order plans open them: a plan with n
 * layouts (PlanLimits.layouts) draws the first n. Each is a structure, drawn by
 * profile-options.css from the same markup: no layout needs script.
 */
export const PROFILE_LAYOUTS = [
  'centered',
  'left',
  'card',
  'tiles',
  'minimal',
  'split',
  'cover',
  'magazine',
  'bento',
  'big-cards',
  'carousel',
  'columns',
] as const;
export type ProfileLayout = (typeof PROFILE_LAYOUTS)[number];

/** What Customize and the pricing page call each layout, and what it does. */
export const PROFILE_LAYOUT_INFO: Record<ProfileLayout, { name: string; description: string }> = {
  centered: { name: 'Classic', description: 'Your profile centred over one column of buttons.' },
  left: { name: 'Left aligned', description: 'Your picture beside your name, buttons below.' },
  card: { name: 'Card', description: 'Everything on one card over your background.' },
  tiles: { name: 'Tiles', description: 'Links as tiles, two to a row, three on a wide page.' },
  minimal: { name: 'Minimal', description: 'Plain text links in a list, no boxes.' },
  split: { name: 'Split', description: 'Your profile beside your links on wide screens, above them on phones.' },
  cover: { name: 'Cover', description: 'Your background as a cover across the top, your page below it.' },
  magazine: { name: 'Magazine', description: 'Rows with a picture, the title and where each link leads.' },
  bento: { name: 'Bento', description: 'A grid where your first link and links with a picture take more room.' },
  'big-cards': { name: 'Big cards', description: 'Large stacked cards, one per link.' },
  carousel: { name: 'Carousel', description: 'Each group of three or more links swipes sideways.' },
  columns: { name: 'Two columns', description: 'Two columns of buttons on wide screens, one on phones.' },
};
export const SPACINGS = ['compact', 'medium', 'relaxed'] as const;

export const customizationMessages = {
  invalidColor: 'Please enter a hex colour like #8B5CF6',
  invalidChoice: 'Please choose one of the available options',
  outOfRange: (min: number, max: number) => `Please choose a value from ${min} to ${max}`,
  notOnStep: (step: number) => `Please choose a value in steps of ${step}`,
  invalidGradient: 'A custom gradient is two or three hex colours separated by commas, like #8B5CF6,#EC4899',
  customCssTooLong: `Custom CSS cannot exceed ${CUSTOM_CSS_MAX_LENGTH.toLocaleString('en-US')} characters`,
  textTooLong: (max: number) => `This text cannot exceed ${max} characters`,
  invalidMedia: 'Please upload the file first',
  invalidDiscordId: 'A Discord user id is 17 to 20 digits',
  unknownFields: (names: string[]) => `Unknown customization field${names.length === 1 ? '' : 's'}: ${names.join(', ')}`,
  saved: 'Settings saved!',
  reset: 'Reset complete!',
  lookNotFound: 'This saved look is no longer kept',
  restored: 'Look restored',
  undone: 'Undone: your earlier look is back',
} as const;

export const HEX_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const hex = () => z.string({ error: customizationMessages.invalidColor }).regex(HEX_PATTERN, customizationMessages.invalidColor);
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: customizationMessages.invalidChoice });
const flag = () => z.boolean({ error: customizationMessages.invalidChoice });

/** A number within a slider's range and on its step (a float step is compared with a tolerance). */
function slider(range: SliderRange) {
  const { min, max, step } = range;
  return z
    .number({ error: customizationMessages.outOfRange(min, max) })
    .min(min, customizationMessages.outOfRange(min, max))
    .max(max, customizationMessages.outOfRange(min, max))
    .refine((value) => {
      const steps = (value - min) / step;
      return Math.abs(steps - Math.round(steps)) < 1e-6;
    }, customizationMessages.notOnStep(step));
}

const text = (max: number) => z.string({ error: customizationMessages.textTooLong(max) }).max(max, customizationMessages.textTooLong(max));

/** An upload of the owner, as the media call answered it ('' for none); the server checks it is theirs. */
const mediaAddress = () =>
  z.string({ error: customizationMessages.invalidMedia }).refine((value) => value === '' || MEDIA_URL_PATTERN.test(value), {
    message: customizationMessages.invalidMedia,
  });

const gradientStops = z
  .string({ error: customizationMessages.invalidGradient })
  .refine((value) => value === '' || /^#[0-9a-fA-F]{6}(,#[0-9a-fA-F]{6}){1,2}$/.test(value), customizationMessages.invalidGradient);

/** Every field, its rule and its default. */
const fields = {
  // Colours
  primaryColor: hex().default(LOOK_DEFAULTS.primaryColor),
  secondaryColor: hex().default(LOOK_DEFAULTS.secondaryColor),
  accentColor: hex().default(LOOK_DEFAULTS.accentColor),
  textColor: hex().default(LOOK_DEFAULTS.textColor),
  iconColor: hex().default(LOOK_DEFAULTS.iconColor),
  // Background
  backgroundType: choice(BACKGROUND_TYPES).default(LOOK_DEFAULTS.backgroundType),
  backgroundGradient: choice([...(Object.keys(NAMED_GRADIENTS) as [NamedGradient, ...NamedGradient[]]), CUSTOM_GRADIENT]).default(
    LOOK_DEFAULTS.backgroundGradient,
  ),
  customGradient: gradientStops.default(LOOK_DEFAULTS.customGradient),
  backgroundDirection: choice(BACKGROUND_DIRECTIONS).default(LOOK_DEFAULTS.backgroundDirection),
  backgroundOpacity: slider(SLIDERS.opacity).default(LOOK_DEFAULTS.backgroundOpacity),
  backgroundImage: mediaAddress().default(LOOK_DEFAULTS.backgroundImage),
  backgroundBlur: slider(SLIDERS.blur).default(LOOK_DEFAULTS.backgroundBlur),
  backgroundFilter: choice(BACKGROUND_FILTERS).default(LOOK_DEFAULTS.backgroundFilter),
  backgroundPattern: choice(BACKGROUND_PATTERNS).default(LOOK_DEFAULTS.backgroundPattern),
  backgroundOverlay: flag().default(LOOK_DEFAULTS.backgroundOverlay),
  backgroundOverlayColor: hex().default(LOOK_DEFAULTS.backgroundOverlayColor),
  backgroundOverlayOpacity: slider(SLIDERS.opacity).default(LOOK_DEFAULTS.backgroundOverlayOpacity),
  disableProfileGradient: flag().default(LOOK_DEFAULTS.disableProfileGradient),
  // Text
  font: choice(FONT_NAMES).default(LOOK_DEFAULTS.font),
  fontSize: slider(SLIDERS.fontSize).default(LOOK_DEFAULTS.fontSize),
  fontWeight: slider(SLIDERS.fontWeight).default(LOOK_DEFAULTS.fontWeight),
  lineHeight: slider(SLIDERS.lineHeight).default(LOOK_DEFAULTS.lineHeight),
  letterSpacing: slider(SLIDERS.letterSpacing).default(LOOK_DEFAULTS.letterSpacing),
  textGlow: flag().default(LOOK_DEFAULTS.textGlow),
  textGlowColor: hex().default(LOOK_DEFAULTS.textGlowColor),
  textShadow: flag().default(LOOK_DEFAULTS.textShadow),
  textTransform: choice(TEXT_TRANSFORMS).default(LOOK_DEFAULTS.textTransform),
  // Buttons
  buttonStyle: choice(BUTTON_STYLES).default(LOOK_DEFAULTS.buttonStyle),
  linkButtonShape: choice(LINK_BUTTON_SHAPES).default(LOOK_DEFAULTS.linkButtonShape),
  buttonOpacity: slider(SLIDERS.opacity).default(LOOK_DEFAULTS.buttonOpacity),
  buttonBorderRadius: slider(SLIDERS.buttonBorderRadius).default(LOOK_DEFAULTS.buttonBorderRadius),
  buttonGlow: flag().default(LOOK_DEFAULTS.buttonGlow),
  buttonShadow: flag().default(LOOK_DEFAULTS.buttonShadow),
  buttonHoverEffect: choice(HOVER_EFFECTS).default(LOOK_DEFAULTS.buttonHoverEffect),
  buttonBorderWidth: slider(SLIDERS.buttonBorderWidth).default(LOOK_DEFAULTS.buttonBorderWidth),
  buttonBorderColor: hex().default(LOOK_DEFAULTS.buttonBorderColor),
  linkButtonAnimation: choice(LINK_BUTTON_ANIMATIONS).default(LOOK_DEFAULTS.linkButtonAnimation),
  swapBoxColors: flag().default(LOOK_DEFAULTS.swapBoxColors),
  monochromeIcons: flag().default(LOOK_DEFAULTS.monochromeIcons),
  hoverEffects: flag().default(LOOK_DEFAULTS.hoverEffects),
  // Layout
  profileLayout: choice(PROFILE_LAYOUTS).default(LOOK_DEFAULTS.profileLayout),
  spacing: choice(SPACINGS).default(LOOK_DEFAULTS.spacing),
  containerMaxWidth: slider(SLIDERS.containerMaxWidth).default(LOOK_DEFAULTS.containerMaxWidth),
  cardSpacing: slider(SLIDERS.cardSpacing).default(LOOK_DEFAULTS.cardSpacing),
  cardPadding: slider(SLIDERS.cardPadding).default(LOOK_DEFAULTS.cardPadding),
  cardBorderRadius: slider(SLIDERS.cardBorderRadius).default(LOOK_DEFAULTS.cardBorderRadius),
  profileOpacity: slider(SLIDERS.opacity).default(LOOK_DEFAULTS.profileOpacity),
  profileBlur: slider(SLIDERS.profileBlur).default(LOOK_DEFAULTS.profileBlur),
  showProfileImage: flag().default(LOOK_DEFAULTS.showProfileImage),
  showUsername: flag().default(LOOK_DEFAULTS.showUsername),
  showBio: flag().default(LOOK_DEFAULTS.showBio),
  showSocialIcons: flag().default(LOOK_DEFAULTS.showSocialIcons),
  usernamePosition: choice(USERNAME_POSITIONS).default(LOOK_DEFAULTS.usernamePosition),
  bioPosition: choice(BIO_POSITIONS).default(LOOK_DEFAULTS.bioPosition),
  location: text(50).default(LOOK_DEFAULTS.location),
  description: text(160).default(LOOK_DEFAULTS.description),
  // Profile image
  profileImageShape: choice(PROFILE_IMAGE_SHAPES).default(LOOK_DEFAULTS.profileImageShape),
  profileImageSize: slider(SLIDERS.profileImageSize).default(LOOK_DEFAULTS.profileImageSize),
  profileImageBorder: flag().default(LOOK_DEFAULTS.profileImageBorder),
  profileImageBorderWidth: slider(SLIDERS.profileImageBorderWidth).default(LOOK_DEFAULTS.profileImageBorderWidth),
  profileImageBorderColor: hex().default(LOOK_DEFAULTS.profileImageBorderColor),
  profileRingColor: hex().default(LOOK_DEFAULTS.profileRingColor),
  profileRingThickness: choice(RING_THICKNESSES).default(LOOK_DEFAULTS.profileRingThickness),
  profileRingStyle: choice(RING_STYLES).default(LOOK_DEFAULTS.profileRingStyle),
  // Effects
  animationType: choice(ANIMATION_TYPES).default(LOOK_DEFAULTS.animationType),
  animationSpeed: slider(SLIDERS.animationSpeed).default(LOOK_DEFAULTS.animationSpeed),
  animationDelay: slider(SLIDERS.animationDelay).default(LOOK_DEFAULTS.animationDelay),
  backgroundEffect: choice(BACKGROUND_EFFECTS).default(LOOK_DEFAULTS.backgroundEffect),
  particleType: choice(PARTICLE_TYPES).default(LOOK_DEFAULTS.particleType),
  particleDensity: choice(INTENSITIES).default(LOOK_DEFAULTS.particleDensity),
  particleCount: slider(SLIDERS.particleCount).default(LOOK_DEFAULTS.particleCount),
  particleSpeed: slider(SLIDERS.particleSpeed).default(LOOK_DEFAULTS.particleSpeed),
  blurAmount: slider(SLIDERS.blur).default(LOOK_DEFAULTS.blurAmount),
  shadowIntensity: slider(SLIDERS.shadowIntensity).default(LOOK_DEFAULTS.shadowIntensity),
  borderGlow: flag().default(LOOK_DEFAULTS.borderGlow),
  glowSettings: choice(GLOW_SETTINGS).default(LOOK_DEFAULTS.glowSettings),
  usernameEffects: choice(USERNAME_EFFECTS).default(LOOK_DEFAULTS.usernameEffects),
  usernameGlow: flag().default(LOOK_DEFAULTS.usernameGlow),
  usernameGlowColor: hex().default(LOOK_DEFAULTS.usernameGlowColor),
  usernameGlowIntensity: choice(INTENSITIES).default(LOOK_DEFAULTS.usernameGlowIntensity),
  animatedTitle: flag().default(LOOK_DEFAULTS.animatedTitle),
  // Media
  audioFile: mediaAddress().default(LOOK_DEFAULTS.audioFile),
  volumeControl: flag().default(LOOK_DEFAULTS.volumeControl),
  customCursor: mediaAddress().default(LOOK_DEFAULTS.customCursor),
  // Discord
  discordPresence: flag().default(LOOK_DEFAULTS.discordPresence),
  discordUserId: z
    .string({ error: customizationMessages.invalidDiscordId })
    .refine((value) => value === '' || /^\d{17,20}$/.test(value), customizationMessages.invalidDiscordId)
    .default(LOOK_DEFAULTS.discordUserId),
  useDiscordAvatar: flag().default(LOOK_DEFAULTS.useDiscordAvatar),
  discordAvatarDecoration: flag().default(LOOK_DEFAULTS.discordAvatarDecoration),
  // Advanced and accessibility
  customCSS: z
    .string({ error: customizationMessages.customCssTooLong })
    .max(CUSTOM_CSS_MAX_LENGTH, customizationMessages.customCssTooLong)
    .default(LOOK_DEFAULTS.customCSS),
  darkMode: flag().default(LOOK_DEFAULTS.darkMode),
  accessibility: flag().default(LOOK_DEFAULTS.accessibility),
  reducedMotion: flag().default(LOOK_DEFAULTS.reducedMotion),
  highContrast: flag().default(LOOK_DEFAULTS.highContrast),
  colorBlindFriendly: flag().default(LOOK_DEFAULTS.colorBlindFriendly),
};

export const CUSTOMIZATION_FIELDS = Object.keys(fields) as (keyof typeof fields)[];

/** The whole document as stored and as GET answers it: every field, defaults filled in. */
export const customizationSchema = z.object(fields).meta({ id: 'Customization' });
export type Customization = z.infer<typeof customizationSchema>;

export const CUSTOMIZATION_DEFAULTS: Customization = LOOK_DEFAULTS;

/**
 * PUT /api/me/customization: any subset of the fields (missing ones keep their
 * saved value); a field the document does not have is refused by name.
 */
export const customizationUpdateSchema = z
  // The rules without their defaults: a field left out is not a field reset.
  .strictObject(Object.fromEntries(CUSTOMIZATION_FIELDS.map((name) => [name, fields[name].unwrap().optional()])), {
    error: (issue) => (issue.code === 'unrecognized_keys' ? customizationMessages.unknownFields(issue.keys) : undefined),
  })
  .meta({ id: 'CustomizationUpdate' }) as unknown as z.ZodType<Partial<Customization>, Record<string, unknown>>;
export type CustomizationUpdate = Partial<Customization>;

/**
 * A stored document as the page may use it: each field that still validates is
 * kept, any other (renamed, out of a narrowed range after an upgrade, damaged)
 * falls back to its default alone, never to a broken page.
 */
export function resolveCustomization(stored: unknown): Customization {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return { ...CUSTOMIZATION_DEFAULTS };
  const source = stored as Record<string, unknown>;
  const resolved: Record<string, unknown> = { ...CUSTOMIZATION_DEFAULTS };
  for (const name of CUSTOMIZATION_FIELDS) {
    if (!Object.hasOwn(source, name)) continue;
    const result = fields[name].safeParse(source[name]);
    if (result.success) resolved[name] = result.data;
  }
  return resolved as Customization;
}

/** A document as stored (JSON text, or none yet) as the page may use it: resolveCustomization, and the defaults for text that is no document. */
export function parseCustomizationDocument(document: string | null | undefined): Customization {
  if (!document) return { ...CUSTOMIZATION_DEFAULTS };
  try {
    return resolveCustomization(JSON.parse(document));
  } catch {
    return { ...CUSTOMIZATION_DEFAULTS };
  }
}

/** The background's colour stops: the named gradient, or the custom one. */
export function gradientStopsOf(customization: Pick<Customization, 'backgroundGradient' | 'customGradient'>): readonly string[] {
  if (customization.backgroundGradient === CUSTOM_GRADIENT && customization.customGradient) return customization.customGradient.split(',');
  const named = NAMED_GRADIENTS[customization.backgroundGradient as NamedGradient] ?? NAMED_GRADIENTS['purple-to-blue'];
  return named.stops;
}

/** How many earlier looks a profile keeps (issue 27): bounded, and counted in no quota. */
export const SAVED_LOOKS_KEPT = 20;

/** A look the profile showed before a save, Reset All or restore replaced it. */
export const savedLookSchema = z
  .object({
    id: z.number().int(),
    /** When this look was saved. */
    savedAt: z.string(),
    /** When another look replaced it. */
    replacedAt: z.string(),
    customization: customizationSchema,
  })
  .meta({ id: 'SavedLook' });
export type SavedLook = z.infer<typeof savedLookSchema>;

/** What Reset All and a restore answer: the look now shown, and the saved look that brings back the one replaced. */
export const lookReplacedSchema = z
  .object({
    customization: customizationSchema,
    /** The saved look to restore to undo this (null when nothing was replaced). */
    undoLookId: z.number().int().nullable(),
    /** Upload fields of a restored look whose file was deleted since: restored without it. */
    droppedUploads: z.array(z.string()),
  })
  .meta({ id: 'LookReplaced' });
export type LookReplaced = z.infer<typeof lookReplacedSchema>;

/**
 * The page's theme: the fields a quick theme sets (its colours, the avatar's
 * border and ring in its main colour, and its background). A plan may keep it
 * to the basic themes (issue 33, src/shared/plan-look.ts).
 */
export const THEME_FIELDS = [
  'primaryColor',
  'secondaryColor',
  'profileImageBorderColor',
  'profileRingColor',
  'backgroundType',
  'backgroundGradient',
  'customGradient',
] as const satisfies readonly (keyof Customization)[];
export type Theme = Pick<Customization, (typeof THEME_FIELDS)[number]>;

/** The fields a quick theme sets: its colours, the avatar's border and ring in its main colour, and its background gradient. */
export function quickThemeFields(theme: { primaryColor: string; secondaryColor: string; gradient: readonly string[] }): Theme {
  return {
    primaryColor: theme.primaryColor,
    secondaryColor: theme.secondaryColor,
    profileImageBorderColor: theme.primaryColor,
    profileRingColor: theme.primaryColor,
    backgroundType: 'gradient',
    backgroundGradient: CUSTOM_GRADIENT,
    customGradient: theme.gradient.join(','),
  };
}

/** Whether two documents show the same look. */
export function sameLook(a: Customization, b: Customization): boolean {
  return CUSTOMIZATION_FIELDS.every((name) => a[name] === b[name]);
}

/** The document's fields that hold an upload, and the kind each must be. */
export const CUSTOMIZATION_MEDIA_FIELDS = {
  backgroundImage: 'background',
  audioFile: 'audio',
  customCursor: 'cursor',
} as const satisfies Partial<Record<keyof Customization, MediaKind>>;
