import { cn } from '#web/lib/utils.ts';

// The dashboard's shape while it loads (issue 27): written into /dashboard's
// HTML by the build, so a slow network shows the layout at once, then kept
// while the session, the dashboard's code and a tab's code arrive. Static
// markup only: no data, nothing to click.

function Bone({ className }: { className?: string }) {
  return <div className={cn('rounded-xl bg-surface-raised motion-safe:animate-pulse', className)} />;
}

/** A tab's content on its way: a heading, a row of cards, a panel. */
export function TabSkeleton() {
  return (
    <div className="space-y-6" aria-hidden="true">
      <Bone className="h-8 w-64 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Bone className="h-28 rounded-2xl" />
        <Bone className="h-28 rounded-2xl" />
        <Bone className="h-28 rounded-2xl" />
      </div>
      <Bone className="h-72 rounded-2xl" />
    </div>
  );
}

/** The whole dashboard: sidebar, header and a tab, with nothing in them yet. */
export function DashboardSkeleton() {
  return (
    <div data-placeholder="" className="min-h-dvh bg-background lg:grid lg:grid-cols-[18rem_1fr]" role="status">
      <span className="sr-only">Loading your dashboard…</span>
      <div className="hidden space-y-6 border-r border-border bg-surface/60 p-5 lg:block" aria-hidden="true">
        <Bone className="h-9 w-36" />
        <Bone className="h-20 rounded-2xl" />
        <Bone className="h-28 rounded-2xl" />
        <div className="space-y-2">
          {Array.from({ length: 6 }, (_, index) => (
            <Bone key={index} className="h-10" />
          ))}
        </div>
      </div>
      <div className="min-w-0">
        <div className="flex h-16 items-center justify-between gap-3 border-b border-border px-4 sm:px-8" aria-hidden="true">
          <Bone className="h-6 w-48" />
          <Bone className="h-9 w-11 sm:w-36" />
        </div>
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8">
          <TabSkeleton />
        </div>
      </div>
    </div>
  );
}
