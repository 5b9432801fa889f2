import { Menu } from 'lucide-react';
import { useAppWords } from '#web/lib/site-words.ts';
import { english } from '#web/lib/words.ts';
import { StillLogo } from '#web/features/site/logo.tsx';

// The dashboard's shape while it loads (issue 27): written into /dashboard's
// HTML by the build, so a slow network shows the layout at once, then kept
// while the session, the dashboard's code and a tab's code arrive. Static
// markup only: no data, nothing to click. The logo and the menu's icon stand
// where the dashboard draws them, so the first paint already has something in
// it (a page of grey bones alone is no contentful paint).

/** A grey block with its size and corners: `shape` names them all, so no class merging is needed. */
function Bone({ shape }: { shape: string }) {
  return <div className={`bg-surface-raised motion-safe:animate-pulse ${shape}`} />;
}

/** A tab's content on its way: a heading, a row of cards, a panel. */
export function TabSkeleton() {
  return (
    <div className="space-y-6" aria-hidden="true">
      <Bone shape="h-8 w-64 max-w-full rounded-xl" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Bone shape="h-28 rounded-2xl" />
        <Bone shape="h-28 rounded-2xl" />
        <Bone shape="h-28 rounded-2xl" />
      </div>
      <Bone shape="h-72 rounded-2xl" />
    </div>
  );
}

const words = {
  loading: /*i18n*/ { id: 'app.dashboard.loadingDashboard', message: 'Loading your dashboard…' },
} as const;

/** What the skeleton says to a screen reader, in the person's language. */
function LoadingLabel() {
  const t = useAppWords();
  return <span className="sr-only">{t(words.loading)}</span>;
}

/**
 * The whole dashboard: sidebar, header and a tab, with nothing in them yet. `prerendered`: drawn by the build, before
 * anyone's language is known (English, as the page it is written into).
 */
export function DashboardSkeleton({ prerendered = false }: { prerendered?: boolean }) {
  return (
    <div data-placeholder="" className="min-h-dvh bg-background lg:grid lg:grid-cols-[18rem_1fr]" role="status">
      {prerendered ? <span className="sr-only">{english(words.loading)}</span> : <LoadingLabel />}
      <div className="hidden space-y-6 border-e border-border bg-surface/60 p-5 lg:block" aria-hidden="true">
        <StillLogo />
        <Bone shape="h-20 rounded-2xl" />
        <Bone shape="h-28 rounded-2xl" />
        <div className="space-y-2">
          {Array.from({ length: 6 }, (_, index) => (
            <Bone key={index} shape="h-10 rounded-xl" />
          ))}
        </div>
      </div>
      <div className="min-w-0">
        <div className="flex h-16 items-center justify-between gap-3 border-b border-border px-4 sm:px-8" aria-hidden="true">
          <div className="flex min-w-0 items-center gap-2">
            <span className="flex size-11 items-center justify-center sm:size-10 lg:hidden">
              <Menu className="size-5" />
            </span>
            <Bone shape="h-6 w-40 rounded-xl" />
          </div>
          <Bone shape="h-9 w-11 rounded-xl sm:w-36" />
        </div>
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8">
          <TabSkeleton />
        </div>
      </div>
    </div>
  );
}
