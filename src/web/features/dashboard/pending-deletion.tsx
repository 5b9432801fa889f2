import { formatDay } from '#web/lib/dates.ts';
import { Trash2 } from 'lucide-react';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { logOut } from '#web/lib/use-session.ts';
import { useCancelDeletion } from '#web/features/account/use-cancel-deletion.ts';

/** The dashboard of an account waiting out its deletion: keep it, or sign out and let it go (issue 28). */
export function PendingDeletion({ user, deleteAfter }: { user: CurrentUser; deleteAfter: string }) {
  const cancel = useCancelDeletion();
  const keep = () => cancel.run();

  const day = formatDay(deleteAfter);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 text-zinc-100">
      <Card className="w-full max-w-lg p-8 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-danger/15 text-red-300">
          <Trash2 className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">Your account is scheduled for deletion</h1>
        <p className="mt-3 text-sm text-muted">
          Your page <span className="font-medium text-zinc-100">/{user.username}</span> is offline. On {day} your account, links, uploads
          and analytics will be removed for good.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={() => void keep()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Keeping...' : 'Keep my account'}
          </Button>
          <Button variant="ghost" onClick={() => void logOut()}>
            Log out
          </Button>
        </div>
      </Card>
    </main>
  );
}
