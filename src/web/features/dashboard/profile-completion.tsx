import { CheckCircle2, Circle } from 'lucide-react';
import { isCustomized } from '#shared/customization-defaults.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Card } from '#web/components/ui/card.tsx';
import type { DashboardTab } from '#web/lib/constants.ts';
import { useCustomization } from '#web/lib/use-customization.ts';
import { useLinks } from '#web/features/links/use-links.ts';
import type { MessageDescriptor } from '@lingui/core';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  title: /*i18n*/ { id: 'app.completion.title', message: 'Profile completion' },
  complete: /*i18n*/ { id: 'app.completion.complete', message: 'Your page has everything it needs.' },
  incomplete: /*i18n*/ { id: 'app.completion.incomplete', message: 'A few steps make your page stand out.' },
  done: /*i18n*/ { id: 'app.completion.done', message: '(done)' },
  picture: /*i18n*/ { id: 'app.completion.picture', message: 'Add a profile picture' },
  displayName: /*i18n*/ { id: 'app.completion.displayName', message: 'Choose a display name' },
  bio: /*i18n*/ { id: 'app.completion.bio', message: 'Write a bio' },
  firstLink: /*i18n*/ { id: 'app.completion.firstLink', message: 'Add your first link' },
  look: /*i18n*/ { id: 'app.completion.look', message: 'Customize your look' },
} as const;

interface Step {
  label: MessageDescriptor;
  done: boolean;
  tab: DashboardTab;
}

/** The five things a finished profile has (issue 9): each one a fifth of the figure. */
export function completionSteps(user: CurrentUser, linkCount: number, customized: boolean): Step[] {
  return [
    { label: words.picture, done: user.profileImage !== null, tab: 'profile' },
    { label: words.displayName, done: user.displayName.trim() !== '' && user.displayName !== user.username, tab: 'profile' },
    { label: words.bio, done: user.bio.trim() !== '', tab: 'profile' },
    { label: words.firstLink, done: linkCount > 0, tab: 'links' },
    { label: words.look, done: customized, tab: 'customize' },
  ];
}

/** The overview's real profile-completion figure, with what is missing. */
export function ProfileCompletion({ user, onTabChange }: { user: CurrentUser; onTabChange: (tab: DashboardTab) => void }) {
  const links = useLinks(user.id);
  const customization = useCustomization();
  const t = useAppWords();
  if (!links.data || !customization.data) return null;
  const steps = completionSteps(user, links.data.length, isCustomized(customization.data));
  const percent = Math.round((steps.filter((step) => step.done).length / steps.length) * 100);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h3 className="font-semibold">{t(words.title)}</h3>
          <p className="mt-1 text-sm text-muted">{t(percent === 100 ? words.complete : words.incomplete)}</p>
        </div>
        <p className="text-3xl font-bold tabular-nums" data-testid="profile-completion">
          {percent}%
        </p>
      </div>
      <div
        className="mt-4 h-2 overflow-hidden rounded-full bg-zinc-800"
        role="progressbar"
        aria-label={t(words.title)}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-primary rtl:bg-gradient-to-l to-secondary"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ul className="mt-5 grid gap-2 sm:grid-cols-2">
        {steps.map((step) => (
          <li key={step.label.id}>
            {step.done ? (
              <span className="flex items-center gap-2 text-sm text-muted">
                <CheckCircle2 className="size-4 text-emerald-400" aria-hidden="true" />
                <span>
                  {t(step.label)} <span className="sr-only">{t(words.done)}</span>
                </span>
              </span>
            ) : (
              <button
                type="button"
                onClick={() => onTabChange(step.tab)}
                className="flex min-h-11 cursor-pointer items-center gap-2 text-start text-sm text-zinc-100 hover:text-white hover:underline sm:min-h-0"
              >
                <Circle className="size-4 text-zinc-500" aria-hidden="true" />
                {t(step.label)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
