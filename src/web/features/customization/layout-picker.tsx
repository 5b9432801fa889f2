import { Lock } from 'lucide-react';
import { memo, useDeferredValue, useId, useMemo } from 'react';
import { PROFILE_LAYOUTS, PROFILE_LAYOUT_INFO, type Customization, type ProfileLayout } from '#shared/customization.ts';
import type { PublicPage } from '#shared/profile.types.ts';
import { toPublicProfile } from '#shared/public-profile.ts';
import { allowsLayout, plansDrawing } from '#shared/plan-look.ts';
import type { PlanLimits } from '#shared/plans.ts';
import type { Plan } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { ProfileView } from '#profile/profile-view.tsx';
import { useWords } from '#web/lib/words.ts';
import { usePageItems } from '#web/features/links/use-links.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * Each small preview is the page drawn SCALE-times wider than its frame, then
 * scaled down to fit it: a frame of 150 to 190 px draws a page of 750 to 950,
 * wide enough for the layouts that change on wide screens.
 */
const SCALE = 0.2;

interface LayoutPickerProps {
  user: CurrentUser;
  draft: Customization;
  limits: Record<Plan, PlanLimits>;
  onChange: (layout: ProfileLayout) => void;
}

/**
 * The page's layouts (issue 52), each shown as a small live preview of the
 * creator's own page in that layout: the same ProfileView the page is drawn
 * with, with their links, blocks and look. A layout the plan does not draw is
 * shown, locked, with the plans that have it.
 */
export function LayoutPicker({ user, draft, limits, onChange }: LayoutPickerProps) {
  const labelId = useId();
  const items = usePageItems(user.id).data;
  // Twelve small pages follow the draft a moment behind: a slider dragged elsewhere stays smooth.
  const look = useDeferredValue(draft);
  // Drawn as the page draws it (links past the plan left off), each layout put in after: a locked one shows what it would be.
  const page = useMemo(
    () => toPublicProfile({ ...user, pageLanguage: user.pageSpeaks, planLimits: limits[user.plan] }, items ?? [], look),
    [user, limits, items, look],
  );
  return (
    <div className="space-y-2 sm:col-span-2">
      <span id={labelId} className="text-sm font-medium text-zinc-300">
        Layout
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="layout-picker">
        {PROFILE_LAYOUTS.map((layout) => {
          const locked = !allowsLayout(limits[user.plan], layout) && layout !== draft.profileLayout;
          const info = PROFILE_LAYOUT_INFO[layout];
          const chosen = draft.profileLayout === layout;
          return (
            <button
              key={layout}
              type="button"
              role="radio"
              aria-checked={chosen}
              aria-labelledby={`${labelId}-${layout}-name`}
              aria-describedby={`${labelId}-${layout}`}
              disabled={locked}
              onClick={() => onChange(layout)}
              data-layout-choice={layout}
              className={cn(
                'group flex cursor-pointer flex-col overflow-hidden rounded-xl border text-start transition-colors',
                chosen ? 'border-primary ring-2 ring-primary/40' : 'border-border hover:border-primary/60',
                'disabled:cursor-not-allowed disabled:border-dashed',
              )}
            >
              <LayoutThumbnail page={page} layout={layout} dimmed={locked} />
              <span className="flex flex-col gap-0.5 px-3 py-2">
                <span className="flex items-center gap-1.5 text-sm font-medium text-white">
                  {locked && <Lock className="size-3.5 text-zinc-400" aria-hidden="true" />}
                  <span id={`${labelId}-${layout}-name`}>{info.name}</span>
                </span>
                <span id={`${labelId}-${layout}`} className="text-xs leading-snug text-zinc-400">
                  {locked ? `With ${plansDrawing(limits, 'profileLayout', layout)}. ` : ''}
                  {info.description}
                </span>
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** One layout's small preview: the page drawn wide, scaled down to its frame, and out of reach of keys and screen readers. */
const LayoutThumbnail = memo(function LayoutThumbnail({
  page,
  layout,
  dimmed,
}: {
  page: PublicPage;
  layout: ProfileLayout;
  dimmed: boolean;
}) {
  const shown: PublicPage = { ...page, customization: { ...page.customization, profileLayout: layout } };
  const t = useWords('page', page.profile.language);
  return (
    <span
      className={cn('@container relative block h-36 w-full overflow-hidden bg-zinc-900', dimmed && 'opacity-60')}
      aria-hidden="true"
      // The small page is a picture: nothing in it takes focus or is read out.
      inert
    >
      <span
        className="pointer-events-none absolute top-0 left-0 block origin-top-left"
        style={{ width: `${100 / SCALE}cqw`, transform: `scale(${SCALE})` }}
      >
        <ProfileView page={shown} hrefOf={() => undefined} embedded t={t} />
      </span>
    </span>
  );
});
