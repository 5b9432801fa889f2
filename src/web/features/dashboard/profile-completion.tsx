import { CheckCircle2, Circle } from 'lucide-react';
import { isCustomized } from '#shared/customization-defaults.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Card } from '#web/components/ui/card.tsx';
import type { DashboardTab } from '#web/lib/constants.ts';
import { useCustomization } from '#web/lib/use-customization.ts';
import { useLinks } from '#web/features/links/use-links.ts';

interface Step {
  label: string;
  done: boolean;
  tab: DashboardTab;
}

/** The five things a finished profile has (issue 9): each one a fifth of the figure. */
export function completionSteps(user: CurrentUser, linkCount: number, customized: boolean): Step[] {
  return [
    { label: 'Add a profile picture', done: user.profileImage !== null, tab: 'profile' },
    { label: 'Choose a display name', done: user.displayName.trim() !== '' && user.displayName !== user.username, tab: 'profile' },
    { label: 'Write a bio', done: user.bio.trim() !== '', tab: 'profile' },
    { label: 'Add your first link', done: linkCount > 0, tab: 'links' },
    { label: 'Customize your look', done: customized, tab: 'customize' },
  ];
}

/** The overview's real profile-completion figure, with what is missing. */
export function ProfileCompletion({ user, onTabChange }: { user: CurrentUser; onTabChange: (tab: DashboardTab) => void }) {
  const links = useLinks(user.id);
  const customization = useCustomization();
  if (!links.data || !customization.data) return null;
  const steps = completionSteps(user, links.data.length, isCustomized(customization.data));
  const percent = Math.round((steps.filter((step) => step.done).length / steps.length) * 100);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h3 className="font-semibold">Profile completion</h3>
          <p className="mt-1 text-sm text-muted">
            {percent === 100 ? 'Your page has everything it needs.' : 'A few steps make your page stand out.'}
          </p>
        </div>
        <p className="text-3xl font-bold tabular-nums" data-testid="profile-completion">
          {percent}%
        </p>
      </div>
      <div
        className="mt-4 h-2 overflow-hidden rounded-full bg-zinc-800"
        role="progressbar"
        aria-label="Profile completion"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-gradient-to-r from-primary to-secondary" style={{ width: `${percent}%` }} />
      </div>
      <ul className="mt-5 grid gap-2 sm:grid-cols-2">
        {steps.map((step) => (
          <li key={step.label}>
            {step.done ? (
              <span className="flex items-center gap-2 text-sm text-muted">
                <CheckCircle2 className="size-4 text-emerald-400" aria-hidden="true" />
                <span>
                  {step.label} <span className="sr-only">(done)</span>
                </span>
              </span>
            ) : (
              <button
                type="button"
                onClick={() => onTabChange(step.tab)}
                className="flex min-h-11 cursor-pointer items-center gap-2 text-left text-sm text-zinc-100 hover:text-white hover:underline sm:min-h-0"
              >
                <Circle className="size-4 text-zinc-500" aria-hidden="true" />
                {step.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
