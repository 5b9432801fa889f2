import { formatDay } from '#web/lib/dates.ts';
import { Trash2 } from 'lucide-react';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { logOut } from '#web/lib/use-session.ts';
import { useCancelDeletion } from '#web/features/account/use-cancel-deletion.ts';
import { partsAround, useAppWords } from '#web/lib/site-words.ts';

const words = {
  title: /*i18n*/ { id: 'app.pendingDeletion.title', message: 'Your account is scheduled for deletion' },
  text: /*i18n*/ {
    id: 'app.pendingDeletion.text',
    message: 'Your page {page} is offline. On {day} your account, links, uploads and analytics will be removed for good.',
  },
  keeping: /*i18n*/ { id: 'app.pendingDeletion.keeping', message: 'Keeping...' },
  keep: /*i18n*/ { id: 'app.pendingDeletion.keep', message: 'Keep my account' },
  logOut: /*i18n*/ { id: 'app.pendingDeletion.logOut', message: 'Log out' },
} as const;

/** The dashboard of an account waiting out its deletion: keep it, or sign out and let it go (issue 28). */
export function PendingDeletion({ user, deleteAfter }: { user: CurrentUser; deleteAfter: string }) {
  const cancel = useCancelDeletion();
  const keep = () => cancel.run();

  const t = useAppWords();
  const [before, after] = partsAround(t, words.text, 'page', { day: formatDay(deleteAfter) });
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 text-zinc-100">
      <Card className="w-full max-w-lg p-8 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-danger/15 text-red-300">
          <Trash2 className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">{t(words.title)}</h1>
        <p className="mt-3 text-sm text-muted">
          {before}
          <bdi className="font-medium text-zinc-100" translate="no">
            /{user.username}
          </bdi>
          {after}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={() => void keep()} disabled={cancel.isPending}>
            {t(cancel.isPending ? words.keeping : words.keep)}
          </Button>
          <Button variant="ghost" onClick={() => void logOut()}>
            {t(words.logOut)}
          </Button>
        </div>
      </Card>
    </main>
  );
}
