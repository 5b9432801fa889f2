import { withPage } from '#web/lib/page-choice.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, MailCheck, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { countOf } from '#shared/counts.ts';
import {
  SUBSCRIBE_CONFIRM_DAYS,
  SUBSCRIBE_CONSENT_MAX_LENGTH,
  SUBSCRIBERS_LISTED,
  SUBSCRIBER_STATUS_TEXT,
  type Subscriber,
  type SubscriberList,
  signupFormSettingsSchema,
  subscriberMessages,
} from '#shared/subscribers.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Label, Textarea } from '#web/components/ui/input.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { StackedCell, StackedEmptyRow, StackedRow, StackedTable } from '#web/components/ui/stacked-table.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useUnsavedChanges } from '#web/lib/unsaved-changes.ts';
import { cn } from '#web/lib/utils.ts';
import { useUpdateProfile } from '#web/lib/use-profile-settings.ts';
import { removeSubscriber, subscribersQueryKey, useSubscribers } from './use-subscribers.ts';

/** Subscribers (issue 31): the page's email sign-up form, and the addresses it gathered. */
export function SubscribersTab({ user }: { user: CurrentUser }) {
  const list = useSubscribers();
  return (
    <div className="space-y-6">
      <SignupFormSettings user={user} doubleOptIn={list.data?.doubleOptIn} />
      {list.isPending && <LoadingState label="Loading subscribers..." />}
      {list.isError && <LoadError title="Your subscribers could not be loaded." onRetry={() => void list.refetch()} />}
      {list.data && <SubscriberTable list={list.data} />}
    </div>
  );
}

function SignupFormSettings({ user, doubleOptIn }: { user: CurrentUser; doubleOptIn: boolean | undefined }) {
  const updateProfile = useUpdateProfile();
  const form = useSchemaForm(signupFormSettingsSchema, {
    defaultValues: { subscribeForm: user.subscribeForm, subscribeConsent: user.subscribeConsent },
  });
  const { subscribeForm: on, subscribeConsent: consent } = form.watch();
  const dirty = on !== user.subscribeForm || consent !== user.subscribeConsent;
  useUnsavedChanges('subscribers', 'Subscribers', dirty);

  const save = form.handleSubmit((settings) =>
    updateProfile.run(settings, {
      form,
      success: settings.subscribeForm ? 'The sign-up form is on your page' : 'The sign-up form is off',
    }),
  );

  return (
    <Card>
      <form onSubmit={(event) => void save(event)} noValidate className="space-y-5" aria-label="Sign-up form">
        <div className="flex items-start justify-between gap-4">
          <div>
            <label htmlFor="signup-on" className="text-lg font-semibold">
              Email sign-up on your page
            </label>
            <p className="mt-1 text-sm text-muted">
              Visitors leave their address to hear from you. It is never shown on your page or in analytics.
            </p>
          </div>
          <Switch id="signup-on" checked={on} onCheckedChange={(checked) => form.setValue('subscribeForm', checked)} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="signup-consent">What visitors agree to</Label>
          <Textarea
            id="signup-consent"
            rows={3}
            placeholder="For example: A monthly letter about new work. Leave any time from the link in it."
            aria-describedby="signup-consent-hint"
            {...form.field('subscribeConsent')}
          />
          <p id="signup-consent-hint" className="flex justify-between gap-4 text-xs text-muted">
            <span>Shown under the form, and kept with each address as it read when they signed up.</span>
            <span className={cn(consent.length > SUBSCRIBE_CONSENT_MAX_LENGTH && 'text-red-400')}>
              {consent.length}/{SUBSCRIBE_CONSENT_MAX_LENGTH}
            </span>
          </p>
        </div>
        {doubleOptIn !== undefined && (
          <p className="flex items-start gap-2 rounded-xl border border-border bg-surface-raised/50 p-3 text-sm text-muted">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-primary-text" aria-hidden="true" />
            {doubleOptIn
              ? `Each visitor confirms their address by a link we mail them (it works for ${countOf(SUBSCRIBE_CONFIRM_DAYS, 'day')}); addresses nobody confirms are removed.`
              : 'This site sends no mail, so addresses cannot be confirmed: they are kept and marked unconfirmed.'}
          </p>
        )}
        {form.error && (
          <p role="alert" className="text-sm text-red-400">
            {form.error}
          </p>
        )}
        <Button type="submit" disabled={updateProfile.isPending || !dirty}>
          {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </Card>
  );
}

function SubscriberTable({ list }: { list: SubscriberList }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<number | null>(null);
  const remove = useApiMutation({
    mutationFn: removeSubscriber,
    onSuccess: async () => {
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: subscribersQueryKey });
    },
    failure: 'The address could not be removed. Please try again.',
    failureTitle: 'Error',
    success: subscriberMessages.removed,
  });
  return (
    <section className="space-y-4" aria-labelledby="subscribers-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="subscribers-heading" className="text-lg font-semibold">
            Subscribers
          </h2>
          <p className="text-sm text-muted" data-testid="subscriber-count">
            {countOf(list.total, 'address', 'addresses')}
            {list.doubleOptIn && `, ${list.confirmed} confirmed`}
            {list.total > SUBSCRIBERS_LISTED && ` · the newest ${SUBSCRIBERS_LISTED} below, all of them in the export`}
          </p>
        </div>
        {list.total > 0 && (
          <Button variant="outline" asChild>
            <a href={withPage('/api/me/subscribers/export.csv')} download>
              <Download /> Export CSV
            </a>
          </Button>
        )}
      </div>
      <StackedTable label="Subscriber addresses" head={['Address', 'Status', 'Signed up', 'Actions']} actions>
        {list.subscribers.length === 0 && (
          <StackedEmptyRow columns={4}>
            <span className="flex flex-col items-center gap-2">
              <Users className="size-8" aria-hidden="true" />
              No subscribers yet. Turn the form on and share your page.
            </span>
          </StackedEmptyRow>
        )}
        {list.subscribers.map((subscriber: Subscriber) => (
          <StackedRow key={subscriber.id} data-testid="subscriber-row">
            <StackedCell>
              <span className="break-all font-medium">{subscriber.email}</span>
            </StackedCell>
            <StackedCell label="Status">
              <span
                className={cn(
                  'w-fit rounded-full px-2.5 py-1 text-xs font-semibold',
                  subscriber.status === 'confirmed' ? 'bg-emerald-500/15 text-emerald-300' : 'bg-white/5 text-zinc-300',
                )}
              >
                {SUBSCRIBER_STATUS_TEXT[subscriber.status]}
              </span>
            </StackedCell>
            <StackedCell label="Signed up">{formatDay(subscriber.createdAt)}</StackedCell>
            <StackedCell className="md:text-end">
              <ConfirmDialog
                title="Remove this address?"
                description={`${subscriber.email} leaves your list. This cannot be undone: only the visitor can sign up again.`}
                confirmLabel="Remove"
                pendingLabel="Removing..."
                open={confirming === subscriber.id}
                onOpenChange={(open) => setConfirming(open ? subscriber.id : null)}
                pending={remove.isPending}
                onConfirm={() => void remove.run(subscriber.id)}
                trigger={
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${subscriber.email}`}
                    className="size-11 hover:text-red-400 sm:size-9"
                  >
                    <Trash2 />
                  </Button>
                }
              />
            </StackedCell>
          </StackedRow>
        ))}
      </StackedTable>
    </section>
  );
}
