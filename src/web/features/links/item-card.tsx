import { LINK_ARCHIVE_DAYS } from '#shared/link-archive.ts';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Pencil, Trash2 } from 'lucide-react';
import { Switch } from '#web/components/ui/switch.tsx';
import { type ReactNode, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { cn } from '#web/lib/utils.ts';

export interface ItemCardProps {
  id: number;
  /** What the controls are named by ('Edit Shop', 'Hide Header “Music”'). */
  name: string;
  /** 'link' or 'block': what the delete dialog says it removes. */
  kind: 'link' | 'block';
  isActive: boolean;
  disabled: boolean;
  deleting: boolean;
  /** The square at the start of the card: the link's button colour and icon, or the block's kind. */
  leading: ReactNode;
  children: ReactNode;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  onToggleActive: (isActive: boolean) => void;
}

/** An item of the page's list in edit mode: drag handle, what it shows, its switch, edit and delete. */
export function ItemCard({
  id,
  name,
  kind,
  isActive,
  disabled,
  deleting,
  leading,
  children,
  onEdit,
  onDelete,
  onToggleActive,
}: ItemCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const [confirming, setConfirming] = useState(false);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={kind === 'link' ? 'link-card' : 'block-card'}
      data-link-id={id}
      className={cn(
        'flex flex-wrap items-center gap-2 rounded-2xl border border-border bg-surface/90 p-3 sm:flex-nowrap sm:gap-3 sm:p-4',
        isDragging && 'z-10 border-primary shadow-2xl shadow-primary/20',
        !isActive && 'opacity-60',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${name}`}
        className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-zinc-500 hover:text-white active:cursor-grabbing sm:size-auto sm:p-1"
      >
        <GripVertical className="size-5" />
      </button>
      {leading}
      <div className="min-w-0 flex-1">{children}</div>
      {/* On a phone the controls take a row of their own, so the title and address keep the card's width. */}
      <div className="flex w-full items-center justify-end gap-2 border-t border-border pt-2 sm:w-auto sm:border-0 sm:pt-0">
        <Switch checked={isActive} onCheckedChange={onToggleActive} aria-label={isActive ? `Hide ${name}` : `Show ${name}`} />
        <Button variant="ghost" size="icon" className="size-11 sm:size-9" aria-label={`Edit ${name}`} onClick={onEdit} disabled={disabled}>
          <Pencil />
        </Button>
        <ConfirmDialog
          title={kind === 'link' ? 'Delete link' : 'Delete block'}
          description={`Are you sure you want to delete this ${kind}? It waits in the archive below your list for ${LINK_ARCHIVE_DAYS} days, with its clicks, to be restored.`}
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
            <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} className="size-11 hover:text-red-400 sm:size-9">
              <Trash2 />
            </Button>
          }
        />
      </div>
    </li>
  );
}
