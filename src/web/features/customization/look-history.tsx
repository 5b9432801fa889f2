import { Dialog } from 'radix-ui';
import { Eye, History, RotateCcw, X } from 'lucide-react';
import { type Customization, SAVED_LOOKS_KEPT, type SavedLook, gradientStopsOf } from '#shared/customization.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { useSavedLooks } from '#web/lib/use-customization.ts';

/** A look at a glance: its background and its three colours, and its font. */
function LookSwatch({ look }: { look: Customization }) {
  const background = look.backgroundType === 'solid' ? look.primaryColor : `linear-gradient(135deg, ${gradientStopsOf(look).join(', ')})`;
  return (
    <span className="flex items-center gap-3">
      <span className="relative h-10 w-14 shrink-0 overflow-hidden rounded-lg border border-border" style={{ background }}>
        <span className="absolute bottom-1 start-1 flex gap-0.5">
          {[look.primaryColor, look.secondaryColor, look.textColor].map((colour, index) => (
            <span key={index} className="size-2.5 rounded-full ring-1 ring-black/30" style={{ background: colour }} />
          ))}
        </span>
      </span>
      <span className="text-xs text-muted">
        {look.font} · {look.buttonStyle === 'default' ? 'default buttons' : `${look.buttonStyle} buttons`}
        {look.customCSS ? ' · custom CSS' : ''}
      </span>
    </span>
  );
}

interface LookHistoryProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPreview: (look: SavedLook) => void;
  onRestore: (look: SavedLook) => void;
  restoring: boolean;
}

/** The earlier looks kept on the server (issue 27): each can be previewed, then restored. */
export function LookHistory({ open, onOpenChange, onPreview, onRestore, restoring }: LookHistoryProps) {
  const looks = useSavedLooks(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" aria-label="History" className="max-sm:size-11 max-sm:px-0">
          <History /> <span className="max-sm:sr-only">History</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-border bg-surface p-6 shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Earlier looks</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-muted">
            Each save, reset or restore keeps the look it replaced: the last {SAVED_LOOKS_KEPT}, stored with your account and counted in no
            quota. Preview one, then restore it if you like it.
          </Dialog.Description>
          <div className="mt-5 min-h-0 flex-1 overflow-y-auto">
            {looks.isPending ? (
              <LoadingState label="Loading your earlier looks..." />
            ) : looks.isError ? (
              <LoadError title="Your earlier looks could not be loaded." onRetry={() => void looks.refetch()} />
            ) : looks.data.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
                No earlier looks yet. When you save a change, the look it replaces appears here.
              </p>
            ) : (
              <ul className="space-y-2" aria-label="Earlier looks">
                {looks.data.map((look) => (
                  <li key={look.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3">
                    <div className="min-w-0 space-y-1.5">
                      <p className="text-sm font-medium">Saved {formatDateTime(look.savedAt)}</p>
                      <LookSwatch look={look.customization} />
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => onPreview(look)}
                        aria-label={`Preview the look saved ${formatDateTime(look.savedAt)}`}
                      >
                        <Eye /> Preview
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={restoring}
                        onClick={() => onRestore(look)}
                        aria-label={`Restore the look saved ${formatDateTime(look.savedAt)}`}
                      >
                        <RotateCcw /> Restore
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
