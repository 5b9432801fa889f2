import { History, Mail, Trash2, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { activityText } from '#shared/activity-text.ts';
import { type PageSummary, deletePageSchema } from '#shared/pages.ts';
import { roleAllows } from '#shared/page-roles.ts';
import { formatDay } from '#web/lib/dates.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { TypedUsernameField, typingUsername } from '#web/components/typed-username-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { timeAgo } from '#web/lib/dates.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { TeamCard } from './team-card.tsx';
import { usePages } from './use-page-list.ts';
import { useActivityLog, useDeletePage, usePageSummaryMail, useRestorePage } from './use-pages.ts';
import { useAppWords } from '#web/lib/site-words.ts';

/**
 * The Page & Team tab (issue 53): the page's team and its activity log for everyone on it; the cards of the page
 * itself (its file, its domain) as the role allows, given by the dashboard; deleting a further page for its owner.
 */
export function PageTab({ user, pageCards, onLeft }: { user: CurrentUser; pageCards: ReactNode; onLeft: () => void }) {
  const pages = usePages();
  const page = pages.data?.pages.find((entry) => entry.id === user.id);
  return (
    // Each card may shrink below its content's width (a long invitation link scrolls inside its own box).
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      <TeamCard user={user} onLeft={onLeft} />
      <ActivityLogCard />
      {page && <SummaryMailCard user={user} page={page} />}
      {roleAllows(user.pageRole, 'editor') && pageCards}
      {page && page.role === 'owner' && !page.isAccountPage && <DeletePageCard page={page} />}
    </div>
  );
}

function ActivityLogCard() {
  const log = useActivityLog();
  const t = useAppWords();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <History className="size-5 text-primary-text" aria-hidden="true" /> Activity log
      </h2>
      <p className="mt-1 text-sm text-muted">Who changed what on this page, and when: links, look, profile, team and domain.</p>
      {log.isPending && (
        <div className="mt-4">
          <LoadingState label="Loading the log..." />
        </div>
      )}
      {log.isError && <LoadError title="The activity log could not be loaded." onRetry={() => void log.refetch()} />}
      {log.isSuccess && entries.length === 0 && <p className="mt-4 text-sm text-muted">Nothing has changed on this page yet.</p>}
      {entries.length > 0 && (
        <ol className="mt-4 divide-y divide-border" data-testid="activity-log">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-start gap-3 py-2.5 text-sm">
              <div className="min-w-0 flex-1">
                <p className="break-words">{activityText(t, entry)}</p>
                <p className="text-xs text-muted">{entry.actor ? `by @${entry.actor.username}` : 'by the site'}</p>
              </div>
              <time dateTime={entry.at} className="shrink-0 text-xs text-muted">
                {timeAgo(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <Button variant="outline" size="sm" className="mt-3" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading...' : 'Show older'}
        </Button>
      )}
    </Card>
  );
}

/** The person's own summary of this page by mail (issue 53): the owner's and each member's, to their confirmed address. */
function SummaryMailCard({ user, page }: { user: CurrentUser; page: PageSummary }) {
  const summary = usePageSummaryMail();
  const confirmed = user.emailConfirmed && user.email;
  return (
    <Card>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Mail className="size-5 text-primary-text" aria-hidden="true" /> Summary by mail
          </h2>
          <p className="mt-1 text-sm text-muted">
            {confirmed
              ? `This page’s views and clicks of the week, every Monday, to ${user.email}.`
              : 'It goes to a confirmed address: confirm yours under Account first.'}
          </p>
        </div>
        <Switch
          aria-label={`Weekly summary of /${page.username} by mail`}
          checked={page.weeklySummary}
          disabled={summary.isPending || (!confirmed && !page.weeklySummary)}
          onCheckedChange={(on) => void summary.run({ pageId: page.id, weeklySummary: on })}
        />
      </div>
    </Card>
  );
}

function DeletePageCard({ page }: { page: PageSummary }) {
  const [deleting, setDeleting] = useState(false);
  const restore = useRestorePage();
  return (
    <Card className="border-danger/30">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Trash2 className="size-5 text-danger" aria-hidden="true" /> Delete this page
      </h2>
      {page.deleteAfter ? (
        <>
          <p className="mt-1 text-sm text-muted">
            /{page.username} is offline and will be removed for good on {formatDay(page.deleteAfter)}. Until then you can take it back as it
            was.
          </p>
          <Button className="mt-4" disabled={restore.isPending} onClick={() => void restore.run(page.id)}>
            <Undo2 /> Restore page
          </Button>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            The page goes offline at once; its links, look, analytics and subscribers are removed for good after the grace period. Your
            other pages and your account stay.
          </p>
          <Button variant="outline" className="mt-4 border-danger/40 text-danger hover:bg-danger/10" onClick={() => setDeleting(true)}>
            <Trash2 /> Delete page
          </Button>
        </>
      )}
      {deleting && <DeletePageDialog page={page} onClose={() => setDeleting(false)} />}
    </Card>
  );
}

function DeletePageDialog({ page, onClose }: { page: PageSummary; onClose: () => void }) {
  const deletePage = useDeletePage();
  const restore = useRestorePage();
  const form = useSchemaForm(typingUsername(deletePageSchema, page.username));
  const submit = form.handleSubmit(({ username }) =>
    deletePage.run(
      { id: page.id, username },
      {
        form,
        success: (result) => ({
          title: `/${page.username} is offline`,
          description: `It is removed for good on ${formatDay(result.deleteAfter)}.`,
          undo: () => void restore.run(page.id),
        }),
        onSuccess: onClose,
      },
    ),
  );
  return (
    <FormDialog
      title={`Delete /${page.username}?`}
      description={
        <>
          <p>The page goes offline at once, for visitors and for its team.</p>
          <p>It can be restored here until the grace period ends; then it is removed for good, and its address is held for a while.</p>
        </>
      }
      submitLabel="Delete page"
      pendingLabel="Deleting..."
      danger
      pending={deletePage.isPending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TypedUsernameField id="confirm-page-username" username={page.username} {...form.field('username')} />
    </FormDialog>
  );
}
