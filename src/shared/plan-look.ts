import {
  CUSTOMIZATION_DEFAULTS,
  CUSTOM_GRADIENT,
  type Customization,
  type CustomizationUpdate,
  PROFILE_LAYOUTS,
  PROFILE_LAYOUT_INFO,
  type ProfileLayout,
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

/** Whether a plan draws this layout: the first `layouts` of PROFILE_LAYOUTS (issue 52). */
export function allowsLayout(limits: PlanLimits, layout: string): boolean {
  const index = PROFILE_LAYOUTS.indexOf(layout as ProfileLayout);
  return limits.layouts === null || (index >= 0 && index < limits.layouts);
}

/** What the plan tables call a choice: 'Inter', the 'Bento' layout. */
const layoutName = (layout: string) => PROFILE_LAYOUT_INFO[layout as ProfileLayout]?.name ?? layout;

/** The look's fields a plan may lock, each with whether the plan draws a value of it and what to say. */
const PLAN_LOOK_FIELDS = [
  {
    field: 'font',
    allows: (limits: PlanLimits, value: string) => limits.customFonts || value === CUSTOMIZATION_DEFAULTS.font,
    message: (_value: string, plans: string) => planFeatureMessages.customFont(plans),
    named: (value: string) => value,
  },
  {
    field: 'profileLayout',
    allows: allowsLayout,
    message: (value: string, plans: string) => planFeatureMessages.layout(layoutName(value), plans),
    named: (value: string) => `the ${layoutName(value)} layout`,
  },
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
    if (!allows(limits, look[field])) shown = { ...shown, [field]: CUSTOMIZATION_DEFAULTS[field] };
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
    if (next !== undefined && next !== current[field] && !allows(limits[plan], next)) {
      return {
        field,
        message: message(
          next,
          plansAllowing(limits, (other) => allows(other, next)),
        ),
      };
    }
  }
  if (allowsThemes(limits[plan])) return undefined;
  const themeChange = THEME_FIELDS.find(
    (field) => update[field] !== undefined && update[field] !== current[field] && update[field] !== CUSTOMIZATION_DEFAULTS[field],
  );
  if (themeChange && !isBasicTheme({ ...current, ...update })) return { field: themeChange, message: themeMessage(limits) };
  return undefined;
}

/**
 * What Customize says of a choice the plan does not draw: which plans have it,
 * and what the page shows meanwhile (undefined: the plan draws it).
 */
export function planLookNote(
  limits: Record<Plan, PlanLimits>,
  plan: Plan,
  field: 'font' | 'profileLayout',
  chosen: string,
): string | undefined {
  const entry = PLAN_LOOK_FIELDS.find((candidate) => candidate.field === field)!;
  if (entry.allows(limits[plan], chosen)) {
    // Fonts are one choice for Free: it is said before one is picked (layouts show their plans on each choice).
    const fonts = (other: PlanLimits) => other.customFonts;
    return field === 'font' && !limits[plan].customFonts ? planFeatureMessages.customFont(plansAllowing(limits, fonts)) : undefined;
  }
  const fallback = CUSTOMIZATION_DEFAULTS[field];
  return `${entry.message(
    chosen,
    plansAllowing(limits, (other) => entry.allows(other, chosen)),
  )} Your page shows ${entry.named(fallback)} for now; ${entry.named(chosen)} is kept for when your plan includes it.`;
}

/** Which plans draw this choice, said as a list ('Pro and Business'), for a locked option's label. */
export function plansDrawing(limits: Record<Plan, PlanLimits>, field: 'font' | 'profileLayout', value: string): string {
  const entry = PLAN_LOOK_FIELDS.find((candidate) => candidate.field === field)!;
  return plansAllowing(limits, (other) => entry.allows(other, value));
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
  if (!allowsLayout(limits, look.profileLayout)) {
    parts.push(
      `The ${layoutName(look.profileLayout)} layout: your page shows the ${layoutName(CUSTOMIZATION_DEFAULTS.profileLayout)} one.`,
    );
  }
  if (!allowsThemes(limits) && !isBasicTheme(look)) {
    parts.push('Your own theme colours and background: your page shows the default theme.');
  }
  return parts;
}
