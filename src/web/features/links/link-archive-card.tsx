import { Archive, ChevronDown, Link2, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { BLOCK_NAMES } from '#shared/blocks.ts';
import { countOf } from '#shared/counts.ts';
import { LINK_ARCHIVE_DAYS, type ArchivedItem } from '#shared/link-archive.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { formatDay, timeAgo } from '#web/lib/dates.ts';
import { cn } from '#web/lib/utils.ts';
import { BLOCK_ICONS } from './block-card.tsx';
import { useDeleteArchivedItem, useLinkArchive, useRestoreItem } from './use-links.ts';

// Deleted links and blocks (issue 51 §2): kept 30 days below the list, each to
// restore at its place with its clicks, or to delete for good after asking.

/** What an archived item is called: its title, or its kind. */
function nameOf(item: ArchivedItem): string {
  if (item.type === 'link') return item.title || item.url;
  return item.title ? `${BLOCK_NAMES[item.type]}: ${item.title}` : BLOCK_NAMES[item.type];
}

export function LinkArchiveCard({ userId }: { userId: number }) {
  const archive = useLinkArchive();
  const restore = useRestoreItem(userId);
  const deleteForGood = useDeleteArchivedItem(userId);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<ArchivedItem | null>(null);
  const items = archive.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="p-4 sm:p-5">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="link-archive"
        onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full cursor-pointer items-center gap-3 text-start"
      >
        <Archive className="size-5 text-muted" aria-hidden="true" />
        <span className="flex-1">
          <span className="block font-semibold">Archive</span>
          <span className="block text-sm text-muted">
            {countOf(items.length, 'deleted item')}, each kept {LINK_ARCHIVE_DAYS} days with its clicks
          </span>
        </span>
        <ChevronDown className={cn('size-5 text-muted transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open && (
        <ul id="link-archive" aria-label="Deleted items" className="mt-4 divide-y divide-border">
          {items.map((item) => {
            const Icon = item.type === 'link' ? Link2 : BLOCK_ICONS[item.type];
            return (
              <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
                <Icon className="size-5 shrink-0 text-muted" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{nameOf(item)}</p>
                  <p className="text-xs text-muted">
                    Deleted {timeAgo(item.archivedAt)} · kept until {formatDay(item.keptUntil)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={restore.isPending}
                    aria-label={`Restore ${nameOf(item)}`}
                    onClick={() => void restore.run(item.id)}
                  >
                    <RotateCcw aria-hidden="true" /> Restore
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${nameOf(item)} for good`}
                    className="hover:text-red-400"
                    onClick={() => setConfirming(item)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        title="Delete for good?"
        description={
          confirming && `“${nameOf(confirming)}” leaves the archive and cannot be restored. Its past clicks stay in your analytics.`
        }
        confirmLabel="Delete for good"
        pendingLabel="Deleting..."
        pending={deleteForGood.isPending}
        open={confirming !== null}
        onOpenChange={(next) => !next && setConfirming(null)}
        onConfirm={() => confirming && void deleteForGood.run(confirming.id, { onSuccess: () => setConfirming(null) })}
      />
    </Card>
  );
}
