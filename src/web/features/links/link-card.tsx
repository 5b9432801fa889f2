import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CalendarClock, GripVertical, MousePointerClick, Pencil, Trash2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useState } from 'react';
import type { BrokenLink } from '#shared/link-checks.ts';
import { type Link, linkBackground, scheduleStateOf } from '#shared/links.ts';
import { LinkIcon } from '#profile/link-icon.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { countOf } from '#shared/counts.ts';
import { BrokenLinkNote } from './broken-link-note.tsx';
import { formatDateTimeIn } from '#web/lib/dates.ts';
import { useNow } from '#web/lib/use-now.ts';
import { cn } from '#web/lib/utils.ts';

interface LinkCardProps {
  link: Link;
  /** Clicks of the last 30 days; undefined while they load. */
  clicks?: number;
  /** What the daily checks found, when the address failed the last two. */
  broken?: BrokenLink;
  /** The profile's time zone, in which a schedule is shown. */
  timeZone: string;
  disabled: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  onToggleActive: (isActive: boolean) => void;
}

/** A link in edit mode: drag handle, preview of the button, switch, edit and delete. */
export function LinkCard({ link, clicks, broken, timeZone, disabled, deleting, onEdit, onDelete, onToggleActive }: LinkCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: link.id,
    disabled,
  });
  const [confirming, setConfirming] = useState(false);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="link-card"
      data-link-id={link.id}
      className={cn(
        'flex flex-wrap items-center gap-2 rounded-2xl border border-border bg-surface/90 p-3 sm:flex-nowrap sm:gap-3 sm:p-4',
        isDragging && 'z-10 border-primary shadow-2xl shadow-primary/20',
        !link.isActive && 'opacity-60',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${link.title}`}
        className="cursor-grab touch-none rounded-lg p-1 text-zinc-500 hover:text-white active:cursor-grabbing"
      >
        <GripVertical className="size-5" />
      </button>
      <span
        className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-xl text-white inset-ring inset-ring-zinc-100/20 sm:size-11"
        style={{ background: linkBackground(link.color) }}
        aria-hidden="true"
      >
        <LinkIcon icon={link.icon} customIcon={link.customIcon} size={20} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 break-words font-semibold sm:truncate" data-testid="link-title">
          {link.title}
        </p>
        <p className="break-all text-sm text-muted sm:truncate" data-testid="link-url">
          {link.url}
        </p>
        {clicks !== undefined && (
          <p className="mt-0.5 flex items-center gap-1 text-xs text-muted" data-testid="link-clicks">
            <MousePointerClick className="size-3.5" aria-hidden="true" />
            {countOf(clicks, 'click')}
            <span className="max-sm:sr-only"> · 30 days</span>
          </p>
        )}
        <ScheduleNote link={link} timeZone={timeZone} />
        {broken && <BrokenLinkNote broken={broken} />}
      </div>
      {/* On a phone the controls take a row of their own, so the title and address keep the card's width. */}
      <div className="flex w-full items-center justify-end gap-2 border-t border-border pt-2 sm:w-auto sm:border-0 sm:pt-0">
        <Switch.Root
          checked={link.isActive}
          onCheckedChange={onToggleActive}
          aria-label={link.isActive ? `Hide ${link.title}` : `Show ${link.title}`}
          className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-700 transition data-[state=checked]:bg-primary"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
        <Button variant="ghost" size="icon" className="size-9" aria-label={`Edit ${link.title}`} onClick={onEdit} disabled={disabled}>
          <Pencil />
        </Button>
        <ConfirmDialog
          title="Delete link"
          description="Are you sure you want to delete this link? This action cannot be undone."
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          open={confirming}
          onOpenChange={setConfirming}
          pending={deleting}
          onConfirm={() =>
            void onDelete().then(
              () => setConfirming(false),
              () => setConfirming(false),
            )
          }
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Delete ${link.title}`} className="size-9 hover:text-red-400">
              <Trash2 />
            </Button>
          }
        />
      </div>
    </li>
  );
}

/** 'Scheduled · from 3 Dec 2026, 09:00', 'Live until …' or 'Ended · …', in the profile's time; nothing for a link without a schedule. */
function ScheduleNote({ link, timeZone }: { link: Link; timeZone: string }) {
  const state = scheduleStateOf(link, useNow());
  if (!state) return null;
  const text = {
    scheduled: `Scheduled · from ${formatDateTimeIn(link.startsAt!, timeZone)}${link.endsAt ? ` until ${formatDateTimeIn(link.endsAt, timeZone)}` : ''}`,
    'live-until': `Live until ${formatDateTimeIn(link.endsAt!, timeZone)}`,
    ended: `Ended · ${formatDateTimeIn(link.endsAt!, timeZone)}`,
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
