import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';

interface DeleteLinkDialogProps {
  trigger: ReactNode;
  deleting: boolean;
  onConfirm: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The confirmation of spec 000 §8 before a link is deleted. */
export function DeleteLinkDialog({ trigger, deleting, onConfirm, open, onOpenChange }: DeleteLinkDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold">Delete link</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            Are you sure you want to delete this link? This action cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost" disabled={deleting}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              disabled={deleting}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {deleting ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
