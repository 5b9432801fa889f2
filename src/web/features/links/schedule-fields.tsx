import { CalendarClock } from 'lucide-react';
import { type LinkWindow, scheduleStateOf } from '#shared/links.ts';
import { instantOfWallTime, wallTimeOf } from '#shared/time-zone.ts';
import { Input, Label } from '#web/components/ui/input.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { formatDateTimeIn } from '#web/lib/dates.ts';
import { useNow } from '#web/lib/use-now.ts';
import { cn } from '#web/lib/utils.ts';

type Bounds = Pick<LinkWindow, 'startsAt' | 'endsAt'>;

/** A schedule being written, as the profile's clock reads it ('YYYY-MM-DDTHH:mm'; '' for no bound), with its switch. */
export interface ScheduleDraft {
  scheduling: boolean;
  startsAt: string;
  endsAt: string;
}

/** The draft of a saved schedule (or of none). */
export function scheduleDraftOf(saved: Bounds | undefined, timeZone: string): ScheduleDraft {
  return {
    startsAt: saved?.startsAt ? wallTimeOf(saved.startsAt, timeZone) : '',
    endsAt: saved?.endsAt ? wallTimeOf(saved.endsAt, timeZone) : '',
    scheduling: Boolean(saved?.startsAt || saved?.endsAt),
  };
}

/** The bounds to save: null where none (and both null with the switch off). */
export function boundsOf(draft: ScheduleDraft, timeZone: string): Bounds {
  const instant = (wallTime: string) =>
    draft.scheduling && wallTime ? new Date(instantOfWallTime(wallTime, timeZone)).toISOString() : null;
  return { startsAt: instant(draft.startsAt), endsAt: instant(draft.endsAt) };
}

/** The Schedule switch and its two times, in the profile's time zone. */
export function ScheduleFields({
  idSuffix,
  timeZone,
  draft,
  onChange,
}: {
  idSuffix: string;
  timeZone: string;
  draft: ScheduleDraft;
  onChange: (change: Partial<ScheduleDraft>) => void;
}) {
  return (
    <div className="space-y-3 rounded-xl border border-border/70 px-4 py-3">
      <div className="flex items-center justify-between gap-4">
        <div>
          <label htmlFor={`schedule-${idSuffix}`} className="text-sm font-medium text-zinc-200">
            Schedule
          </label>
          <p className="text-xs text-muted">
            Show it only from a start, until an end, or both. Times are in {timeZone.replaceAll('_', ' ')}.
          </p>
        </div>
        <Switch id={`schedule-${idSuffix}`} checked={draft.scheduling} onCheckedChange={(scheduling) => onChange({ scheduling })} />
      </div>
      {draft.scheduling && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`starts-${idSuffix}`}>Show from</Label>
            <Input
              id={`starts-${idSuffix}`}
              type="datetime-local"
              value={draft.startsAt}
              onChange={(event) => onChange({ startsAt: event.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`ends-${idSuffix}`}>Until</Label>
            <Input
              id={`ends-${idSuffix}`}
              type="datetime-local"
              value={draft.endsAt}
              onChange={(event) => onChange({ endsAt: event.target.value })}
            />
          </div>
        </div>
      )}
    </div>
  );
}

/** 'Scheduled · from 3 Dec 2026, 09:00', 'Live until …' or 'Ended · …', in the profile's time; nothing for an item without a schedule. */
export function ScheduleNote({ item, timeZone }: { item: LinkWindow; timeZone: string }) {
  const state = scheduleStateOf(item, useNow());
  if (!state) return null;
  const text = {
    scheduled: `Scheduled · from ${formatDateTimeIn(item.startsAt!, timeZone)}${item.endsAt ? ` until ${formatDateTimeIn(item.endsAt, timeZone)}` : ''}`,
    'live-until': `Live until ${formatDateTimeIn(item.endsAt!, timeZone)}`,
    ended: `Ended · ${formatDateTimeIn(item.endsAt!, timeZone)}`,
  }[state];
  return (
    <p
      className={cn('mt-1 flex items-center gap-1 text-xs font-medium', state === 'ended' ? 'text-muted' : 'text-sky-300')}
      data-testid="link-schedule"
    >
      <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
