import {
  CUSTOMIZATION_DEFAULTS,
  CUSTOM_GRADIENT,
  type Customization,
  type CustomizationUpdate,
  THEME_FIELDS,
  type Theme,
  quickThemeFields,
} from './customization.ts';
import { BASIC_THEME_NAMES, EARLIER_BASIC_COLOURS, QUICK_THEMES } from './themes.ts';
import type { Plan } from './constants.ts';
import { type PlanLimits, planFeatureMessages, plansAllowing } from './plans.ts';

// The parts of the look a plan decides (issue 33): Free draws its page in the
// default font and layout, and in the default or a basic theme. A choice made
// on a plan that had it is kept in the look (a downgrade deletes nothing) and
// drawn again when the plan has it. What each plan has comes from the site's
// table (PLAN_LIMITS applied).

/** The look's fields a plan may lock, each with whether the plan has it and what to say. */
const PLAN_LOOK_FIELDS = [
  { field: 'font', allows: (limits: PlanLimits) => limits.customFonts, message: planFeatureMessages.customFont },
  { field: 'profileLayout', allows: (limits: PlanLimits) => limits.allLayouts, message: planFeatureMessages.layout },
] as const;

const allowsThemes = (limits: PlanLimits) => limits.allThemes;
const themeMessage = (limits: Record<Plan, PlanLimits>) =>
  planFeatureMessages.theme(plansAllowing(limits, allowsThemes), BASIC_THEME_NAMES.length);

/** The theme as the page draws it: a custom gradient's stops count only while the custom gradient is chosen; colours in any case. */
function drawnTheme(look: Theme): Theme {
  const theme = Object.fromEntries(THEME_FIELDS.map((field) => [field, look[field].toLowerCase()])) as Theme;
  return look.backgroundGradient === CUSTOM_GRADIENT ? theme : { ...theme, customGradient: '' };
}
const sameTheme = (a: Theme, b: Theme) => THEME_FIELDS.every((field) => a[field] === b[field]);

const basicQuickThemes = QUICK_THEMES.filter((theme) => BASIC_THEME_NAMES.includes(theme.name));

/** The themes every plan draws: the default look's, and the basic quick themes, in today's colours and in their earlier ones. */
const BASIC_THEMES: readonly Theme[] = [
  CUSTOMIZATION_DEFAULTS,
  ...basicQuickThemes.map(quickThemeFields),
  ...EARLIER_BASIC_COLOURS.map(({ name, ...colours }) => {
    if (name === 'default') return { ...CUSTOMIZATION_DEFAULTS, ...colours };
    return quickThemeFields({ ...basicQuickThemes.find((theme) => theme.name === name)!, ...colours });
  }),
].map(drawnTheme);

/** Whether the look's theme is the default one or a basic quick theme. */
export function isBasicTheme(look: Theme): boolean {
  const drawn = drawnTheme(look);
  return BASIC_THEMES.some((basic) => sameTheme(basic, drawn));
}

/** The look as the plan draws it (`limits`: the plan's): what it does not include, in the default. */
export function lookShownOn(limits: PlanLimits, look: Customization): Customization {
  let shown = look;
  for (const { field, allows } of PLAN_LOOK_FIELDS) {
    if (!allows(limits) && look[field] !== CUSTOMIZATION_DEFAULTS[field]) shown = { ...shown, [field]: CUSTOMIZATION_DEFAULTS[field] };
  }
  if (!allowsThemes(limits) && !isBasicTheme(look)) {
    shown = { ...shown, ...Object.fromEntries(THEME_FIELDS.map((field) => [field, CUSTOMIZATION_DEFAULTS[field]])) };
  }
  return shown;
}

/**
 * The first change a save makes that the plan does not include: a new choice
 * other than the default, or a theme other than a basic one. Going back to a
 * default is always allowed (removing a background image, say), so a look kept
 * from another plan never blocks the rest of the editor.
 */
export function lockedLookChange(
  limits: Record<Plan, PlanLimits>,
  plan: Plan,
  current: Customization,
  update: CustomizationUpdate,
): { field: string; message: string } | undefined {
  for (const { field, allows, message } of PLAN_LOOK_FIELDS) {
    const next = update[field];
    if (next !== undefined && next !== current[field] && next !== CUSTOMIZATION_DEFAULTS[field] && !allows(limits[plan])) {
      return { field, message: message(plansAllowing(limits, allows)) };
    }
  }
  if (allowsThemes(limits[plan])) return undefined;
  const themeChange = THEME_FIELDS.find(
    (field) => update[field] !== undefined && update[field] !== current[field] && update[field] !== CUSTOMIZATION_DEFAULTS[field],
  );
  if (themeChange && !isBasicTheme({ ...current, ...update })) return { field: themeChange, message: themeMessage(limits) };
  return undefined;
}

/** What Customize says of a locked field: which plans have it, and what the page shows meanwhile. */
export function planLookNote(
  limits: Record<Plan, PlanLimits>,
  plan: Plan,
  field: 'font' | 'profileLayout',
  chosen: string,
): string | undefined {
  const entry = PLAN_LOOK_FIELDS.find((candidate) => candidate.field === field)!;
  if (entry.allows(limits[plan])) return undefined;
  const kept =
    chosen !== CUSTOMIZATION_DEFAULTS[field]
      ? ` Your page shows ${CUSTOMIZATION_DEFAULTS[field]} for now; ${chosen} is kept for when your plan includes it.`
      : '';
  return `${entry.message(plansAllowing(limits, entry.allows))}${kept}`;
}

/** What Customize says where the theme is chosen on a plan that keeps to the basic themes (undefined: every theme is open). */
export function planThemeNote(limits: Record<Plan, PlanLimits>, plan: Plan, look: Theme): string | undefined {
  if (allowsThemes(limits[plan])) return undefined;
  const kept = isBasicTheme(look)
    ? ''
    : ' Your page shows the default theme for now; your colours and background are kept for when your plan includes them.';
  return `${themeMessage(limits)}${kept}`;
}

/** Whether the plan keeps the page to the basic themes: the theme's controls are shown locked. */
export function themesLocked(limits: Record<Plan, PlanLimits>, plan: Plan): boolean {
  return !allowsThemes(limits[plan]);
}

/** The parts of a look kept from another plan that the page does not draw now, said for the creator (issue 33). */
export function lookPartsPastPlan(limits: PlanLimits, look: Customization): string[] {
  const parts: string[] = [];
  if (!limits.customFonts && look.font !== CUSTOMIZATION_DEFAULTS.font) {
    parts.push(`The ${look.font} font: your page shows ${CUSTOMIZATION_DEFAULTS.font}.`);
  }
  if (!limits.allLayouts && look.profileLayout !== CUSTOMIZATION_DEFAULTS.profileLayout) {
    parts.push(`The ${look.profileLayout} layout: your page shows the ${CUSTOMIZATION_DEFAULTS.profileLayout} one.`);
  }
  if (!allowsThemes(limits) && !isBasicTheme(look)) {
    parts.push('Your own theme colours and background: your page shows the default theme.');
  }
  return parts;
}
