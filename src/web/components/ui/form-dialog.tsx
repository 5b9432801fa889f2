import { Dialog } from 'radix-ui';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from './form-error.tsx';

interface FormDialogProps {
  title: string;
  description: ReactNode;
  /** The fields, registered with the form (useSchemaForm) whose handleSubmit is onSubmit. */
  children: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** A destructive action's button is red. */
  danger?: boolean;
  /** Whether it offers Cancel: not when what is done cannot be taken back (a deletion already scheduled). */
  cancellable?: boolean;
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  onClose: () => void;
}

/** The dialog of every change asked for in a dialog (a password, a name typed out, a user's fields): its error above the fields, Cancel first. */
export function FormDialog({
  title,
  description,
  children,
  submitLabel,
  pendingLabel,
  pending,
  danger,
  cancellable = true,
  error,
  onSubmit,
  onClose,
}: FormDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-muted">{description}</div>
          </Dialog.Description>
          <form
            onSubmit={(event) => {
              // Never the browser's own submit: the dialog's handler decides (a form's handleSubmit, or a step on).
              event.preventDefault();
              void onSubmit(event);
            }}
            noValidate
            aria-label={title}
            className="mt-5 space-y-4"
          >
            <FormError message={error} />
            {children}
            <div className="flex justify-end gap-3 pt-2">
              {cancellable && (
                <Dialog.Close asChild>
                  <Button type="button" variant="ghost" disabled={pending}>
                    Cancel
                  </Button>
                </Dialog.Close>
              )}
              <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
                {pending ? pendingLabel : submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
