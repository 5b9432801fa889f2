import { Dialog } from 'radix-ui';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from './form-error.tsx';

interface FormDialogProps {
  title: string;
  description: ReactNode;
  /** The fields; the form is read on submit (valuesOf). */
  children: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** A destructive action's button is red. */
  danger?: boolean;
  error: string | null;
  onSubmit: (form: HTMLFormElement) => void;
  onClose: () => void;
}

/** A dialog that asks for something before acting (a password, a name typed out): its error beside the fields, Cancel first. */
export function FormDialog({
  title,
  description,
  children,
  submitLabel,
  pendingLabel,
  pending,
  danger,
  error,
  onSubmit,
  onClose,
}: FormDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event.currentTarget);
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-muted">{description}</div>
          </Dialog.Description>
          <form onSubmit={submit} noValidate aria-label={title} className="mt-5 space-y-4">
            <FormError message={error} />
            {children}
            <div className="flex justify-end gap-3 pt-2">
              <Dialog.Close asChild>
                <Button type="button" variant="ghost" disabled={pending}>
                  Cancel
                </Button>
              </Dialog.Close>
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
