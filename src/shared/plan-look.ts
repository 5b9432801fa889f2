import { CUSTOMIZATION_DEFAULTS, type Customization, type CustomizationUpdate } from './customization.ts';
import type { Plan } from './constants.ts';
import { type PlanLimits, planFeatureMessages, plansAllowing } from './plans.ts';

// The parts of the look a plan decides (issue 33): Free draws its page in the
// default font and layout. A choice made on a plan that had it is kept in the
// look (a downgrade deletes nothing) and drawn again when the plan has it.
// What each plan has comes from the site's table (PLAN_LIMITS applied).

/** The look's fields a plan may lock, each with whether the plan has it and what to say. */
const PLAN_LOOK_FIELDS = [
  { field: 'font', allows: (limits: PlanLimits) => limits.customFonts, message: planFeatureMessages.customFont },
  { field: 'profileLayout', allows: (limits: PlanLimits) => limits.allLayouts, message: planFeatureMessages.layout },
] as const;

/** The look as the plan draws it (`limits`: the plan's): what it does not include, in the default. */
export function lookShownOn(limits: PlanLimits, look: Customization): Customization {
  let shown = look;
  for (const { field, allows } of PLAN_LOOK_FIELDS) {
    if (!allows(limits) && look[field] !== CUSTOMIZATION_DEFAULTS[field]) shown = { ...shown, [field]: CUSTOMIZATION_DEFAULTS[field] };
  }
  return shown;
}

/** The first change a save makes that the plan does not include: a new choice other than the default. */
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
