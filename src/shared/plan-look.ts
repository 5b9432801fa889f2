import { CUSTOMIZATION_DEFAULTS, type Customization, type CustomizationUpdate } from './customization.ts';
import type { Plan } from './constants.ts';
import { ALL_LAYOUT_PLANS, CUSTOM_FONT_PLANS, allowsAllLayouts, allowsCustomFonts, planFeatureMessages } from './plans.ts';

// The parts of the look a plan decides (issue 33): Free draws its page in the
// default font and layout. A choice made on a plan that had it is kept in the
// look (a downgrade deletes nothing) and drawn again when the plan has it.

/** The look's fields a plan may lock, each with whether the plan has it and what to say. */
const PLAN_LOOK_FIELDS = [
  { field: 'font', allows: allowsCustomFonts, message: () => planFeatureMessages.customFont(CUSTOM_FONT_PLANS) },
  { field: 'profileLayout', allows: allowsAllLayouts, message: () => planFeatureMessages.layout(ALL_LAYOUT_PLANS) },
] as const;

/** The look as the plan draws it: what it does not include, in the default. */
export function lookShownOn(plan: Plan, look: Customization): Customization {
  let shown = look;
  for (const { field, allows } of PLAN_LOOK_FIELDS) {
    if (!allows(plan) && look[field] !== CUSTOMIZATION_DEFAULTS[field]) shown = { ...shown, [field]: CUSTOMIZATION_DEFAULTS[field] };
  }
  return shown;
}

/** The first change a save makes that the plan does not include: a new choice other than the default. */
export function lockedLookChange(
  plan: Plan,
  current: Customization,
  update: CustomizationUpdate,
): { field: string; message: string } | undefined {
  for (const { field, allows, message } of PLAN_LOOK_FIELDS) {
    const next = update[field];
    if (next !== undefined && next !== current[field] && next !== CUSTOMIZATION_DEFAULTS[field] && !allows(plan)) {
      return { field, message: message() };
    }
  }
  return undefined;
}

/** What Customize says of a locked field: which plans have it, and what the page shows meanwhile. */
export function planLookNote(plan: Plan, field: 'font' | 'profileLayout', chosen: string): string | undefined {
  const entry = PLAN_LOOK_FIELDS.find((candidate) => candidate.field === field)!;
  if (entry.allows(plan)) return undefined;
  const kept =
    chosen !== CUSTOMIZATION_DEFAULTS[field]
      ? ` Your page shows ${CUSTOMIZATION_DEFAULTS[field]} for now; ${chosen} is kept for when your plan includes it.`
      : '';
  return `${entry.message()}${kept}`;
}
