import { Check, Lock } from 'lucide-react';
import type { Plan } from '#shared/constants.ts';
import { CUSTOM_GRADIENT, type CustomizationUpdate, type Theme, quickThemeFields } from '#shared/customization.ts';
import { BASIC_THEME_NAMES, type QuickTheme, QUICK_THEMES } from '#shared/themes.ts';
import { planThemeNote, themesLocked } from '#shared/plan-look.ts';
import { DEFAULT_PLAN_LIMITS, plansAllowing } from '#shared/plans.ts';
import { PlanLockNote } from '#web/features/purchases/plan-lock-note.tsx';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { cn } from '#web/lib/utils.ts';
import { announceDraftChange } from './customize-draft.ts';
import { useSaveCustomization } from '#web/lib/use-customization.ts';

/** Whether the creator's plan keeps the page to the basic themes (issue 33), and what to say of it. */
export function useThemeLock(plan: Plan) {
  const limits = useSiteFeatures()?.planLimits ?? DEFAULT_PLAN_LIMITS;
  return {
    locked: themesLocked(limits, plan),
    /** Which plans have every theme: 'Pro and Business'. */
    plans: plansAllowing(limits, (planLimits) => planLimits.allThemes),
    note: (look: Theme | undefined) => (look ? planThemeNote(limits, plan, look) : undefined),
  };
}

/**
 * The 24 quick colour themes (spec 000 §2); on a plan without every theme, the
 * basic ones, the others shown locked. Without `onApply` a click saves the
 * theme at once (the Profile tab); the Customize tab applies it to its draft.
 */
export function QuickThemes({
  plan,
  look,
  onApply,
}: {
  plan: Plan;
  look: Theme | undefined;
  onApply?: (fields: CustomizationUpdate) => void;
}) {
  const save = useSaveCustomization();
  const lock = useThemeLock(plan);
  const selected = look?.backgroundGradient === CUSTOM_GRADIENT ? look.customGradient : undefined;
  const apply = async (theme: QuickTheme) => {
    const fields = quickThemeFields(theme);
    if (onApply) {
      onApply(fields);
      announceDraftChange(`The ${theme.name} theme`);
      return;
    }
    await save.run(fields, { success: 'Theme applied!', failure: 'Failed to apply the theme. Please try again.' });
  };
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {QUICK_THEMES.map((theme) => {
          const isSelected = selected === theme.gradient.join(',');
          const isLocked = lock.locked && !BASIC_THEME_NAMES.includes(theme.name);
          return (
            <button
              key={theme.name}
              type="button"
              onClick={() => void apply(theme)}
              disabled={save.isPending || isLocked}
              aria-pressed={isSelected}
              className={cn(
                'group flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border p-2 text-xs text-zinc-300 transition hover:border-primary/60 hover:text-white',
                isSelected ? 'border-primary' : 'border-border',
                'disabled:cursor-not-allowed disabled:border-dashed disabled:text-zinc-400 disabled:hover:border-border',
              )}
            >
              <span
                className={cn('relative flex h-10 w-full items-center justify-center rounded-lg', isLocked && 'opacity-50')}
                style={{ background: `linear-gradient(135deg, ${theme.gradient[0]}, ${theme.gradient[1]})` }}
              >
                <span className="size-4 rounded-full ring-2 ring-white/70" style={{ background: theme.primaryColor }} />
                {isSelected && <Check className="absolute end-1 top-1 size-3.5 text-white" aria-hidden="true" />}
              </span>
              <span>
                {isLocked && <Lock className="me-1 inline size-3 align-[-1px]" aria-hidden="true" />}
                {theme.name}
                {isLocked && <span className="sr-only"> ({lock.plans})</span>}
              </span>
            </button>
          );
        })}
      </div>
      <PlanLockNote note={lock.note(look)} />
    </div>
  );
}
