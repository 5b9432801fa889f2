import { Lock, MousePointerClick, ShieldAlert } from 'lucide-react';
import { CONTENT_WARNING_LABELS } from '#shared/content-warning.ts';
import type { BrokenLink } from '#shared/link-checks.ts';
import { type Link, type ThemeColours, linkBackground } from '#shared/links.ts';
import { LinkIcon } from '#profile/link-icon.tsx';
import { countOf } from '#shared/counts.ts';
import { BrokenLinkNote } from './broken-link-note.tsx';
import { type ItemCardProps, ItemCard } from './item-card.tsx';
import { ScheduleNote } from './schedule-fields.tsx';
import { AudienceNote } from './audience-fields.tsx';

type LinkCardProps = Pick<ItemCardProps, 'disabled' | 'deleting' | 'onEdit' | 'onDelete' | 'onToggleActive'> & {
  link: Link;
  /** Clicks of the last 30 days; undefined while they load. */
  clicks?: number;
  /** What the daily checks found, when the address failed the last two. */
  broken?: BrokenLink;
  /** Set when the plan's limit leaves this link off the page: the limit (issue 33). */
  pastPlan?: number | null;
  /** The profile's time zone, in which a schedule is shown. */
  timeZone: string;
  /** The page's theme, which a link without a colour of its own follows. */
  theme: ThemeColours | undefined;
};

/** A link in edit mode: drag handle, preview of the button, switch, edit and delete. */
export function LinkCard({ link, clicks, broken, timeZone, theme, pastPlan, ...controls }: LinkCardProps) {
  return (
    <ItemCard
      id={link.id}
      name={link.title}
      kind="link"
      isActive={link.isActive}
      {...controls}
      leading={
        <span
          className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-xl text-white inset-ring inset-ring-zinc-100/20 sm:size-11"
          style={{ background: linkBackground(link.color, theme) }}
          aria-hidden="true"
        >
          {link.thumbnail ? (
            <img src={link.thumbnail} alt="" className="size-full object-cover" />
          ) : (
            <LinkIcon icon={link.icon} customIcon={link.customIcon} size={20} />
          )}
        </span>
      }
    >
      <p className="line-clamp-2 break-words font-semibold sm:truncate" data-testid="link-title" dir="auto">
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
      <ScheduleNote item={link} timeZone={timeZone} />
      <AudienceNote link={link} />
      {link.contentWarning && (
        <p className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-200" data-testid="link-warning">
          <ShieldAlert className="size-3.5 shrink-0" aria-hidden="true" />
          {CONTENT_WARNING_LABELS[link.contentWarning]}: visitors see a warning before it opens
        </p>
      )}
      {broken && <BrokenLinkNote broken={broken} />}
      {pastPlan !== undefined && (
        <p className="mt-1 flex items-center gap-1 text-xs text-amber-200" data-testid="past-plan">
          <Lock className="size-3.5 shrink-0" aria-hidden="true" />
          Not on your page: your plan shows {pastPlan} links. Kept here; move it up, or upgrade, to show it.
        </p>
      )}
    </ItemCard>
  );
}
