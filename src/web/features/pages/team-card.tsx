import { Copy, Crown, LogOut, Mail, UserMinus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { type Team, inviteSchema } from '#shared/pages.ts';
import { MEMBER_ROLES, type MemberRole, PAGE_ROLE_INFO } from '#shared/page-roles.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label, Select } from '#web/components/ui/input.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { copyWithToast } from '#web/lib/clipboard.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import {
  useAnswerOffer,
  useChangeRole,
  useInvite,
  useLeavePage,
  useOfferOwnership,
  useRemoveMember,
  useTeam,
  useWithdrawInvitation,
  useWithdrawOffer,
} from './use-pages.ts';

type Member = Team['members'][number];

/** A question before a change of the team that cannot be taken back: removing, leaving, handing the page over. */
type Asking = { kind: 'remove'; member: Member } | { kind: 'offer'; member: Member } | { kind: 'leave' } | null;

/**
 * The page's team (issue 53): its owner and members with their roles. The owner invites by email, changes roles,
 * removes people, withdraws invitations and offers the page to a member; a member sees who is on the team and
 * may leave; the member offered the page answers here.
 */
export function TeamCard({ user, onLeft }: { user: CurrentUser; onLeft: () => void }) {
  const team = useTeam();
  const isOwner = user.pageRole === 'owner';
  const [asking, setAsking] = useState<Asking>(null);
  const removeMember = useRemoveMember();
  const offerOwnership = useOfferOwnership();
  const leavePage = useLeavePage();
  const changeRole = useChangeRole();

  const confirm = async () => {
    if (!asking) return;
    if (asking.kind === 'remove') {
      await removeMember.run(asking.member.accountId, {
        success: {
          title: `@${asking.member.username} was removed`,
          description: 'They can no longer open this page, and were told by mail.',
        },
      });
    } else if (asking.kind === 'offer') {
      await offerOwnership.run(asking.member.accountId);
    } else {
      await leavePage.run(user.id, { success: `You left /${user.username}`, onSuccess: onLeft });
    }
    setAsking(null);
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <UsersRound className="size-5 text-primary-text" aria-hidden="true" /> Team
      </h2>
      <p className="mt-1 text-sm text-muted">
        {isOwner
          ? 'Invite people to run this page with you. Editors change everything but its domain, its team and deleting it; analysts read its analytics and subscribers.'
          : `You are ${user.pageRole === 'editor' ? 'an editor' : 'an analyst'} of this page: ${PAGE_ROLE_INFO[user.pageRole].may.toLowerCase()}.`}
      </p>
      {team.isPending && (
        <div className="mt-4">
          <LoadingState label="Loading the team..." />
        </div>
      )}
      {team.isError && <LoadError title="The team could not be loaded." onRetry={() => void team.refetch()} />}
      {team.data && (
        <>
          {team.data.offeredTo?.accountId === user.accountId && <OfferAnswer pageId={user.id} username={user.username} />}
          <ul className="mt-4 divide-y divide-border" aria-label="Team members">
            <li className="flex items-center gap-3 py-3">
              <Avatar name={team.data.owner.displayName} className="size-9 text-xs" />
              <PersonName person={team.data.owner} you={team.data.owner.accountId === user.accountId} />
              <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2.5 py-1 text-xs font-medium text-primary-text">
                <Crown className="size-3.5" aria-hidden="true" /> Owner
              </span>
            </li>
            {team.data.members.map((member) => (
              <li key={member.accountId} className="flex flex-wrap items-center gap-3 py-3">
                <Avatar name={member.displayName} className="size-9 text-xs" />
                <PersonName person={member} you={member.accountId === user.accountId} since={member.since} />
                {isOwner ? (
                  <div className="flex w-full items-center gap-2 sm:w-auto">
                    <Select
                      aria-label={`Role of @${member.username}`}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => void changeRole.run({ accountId: member.accountId, role: event.target.value as MemberRole })}
                      className="flex-1 sm:flex-none"
                    >
                      {MEMBER_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {PAGE_ROLE_INFO[role].name}
                        </option>
                      ))}
                    </Select>
                    {team.data.canMoveOwnership && !team.data.offeredTo && (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Offer the page to @${member.username}`}
                        onClick={() => setAsking({ kind: 'offer', member })}
                      >
                        <Crown />
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove @${member.username}`}
                      onClick={() => setAsking({ kind: 'remove', member })}
                    >
                      <UserMinus />
                    </Button>
                  </div>
                ) : (
                  <span className="rounded-full bg-white/5 px-2.5 py-1 text-xs font-medium text-zinc-300">
                    {PAGE_ROLE_INFO[member.role].name}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {team.data.members.length === 0 && isOwner && (
            <p className="rounded-xl border border-dashed border-border px-4 py-3 text-sm text-muted">Nobody else runs this page yet.</p>
          )}
          {isOwner && team.data.members.length > 0 && !team.data.canMoveOwnership && (
            <p className="mt-2 text-sm text-muted">
              This is your account’s first page. To hand it to a member, make another page first: your account keeps that one as its first.
            </p>
          )}
          {isOwner && team.data.offeredTo && <PendingOffer username={team.data.offeredTo.username} />}
          {isOwner && <Invitations team={team.data} />}
          {isOwner && <InviteForm />}
          {!isOwner && (
            <Button variant="outline" className="mt-4" onClick={() => setAsking({ kind: 'leave' })}>
              <LogOut /> Leave this page
            </Button>
          )}
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking?.kind === 'remove'
            ? `Remove @${asking.member.username}?`
            : asking?.kind === 'offer'
              ? `Offer the page to @${asking.member.username}?`
              : 'Leave this page?'
        }
        description={
          asking?.kind === 'remove' ? (
            <p>They can no longer open /{user.username} from their next click, and are told by mail. You can invite them again later.</p>
          ) : asking?.kind === 'offer' ? (
            <>
              <p>
                If they accept, /{user.username} becomes theirs: it counts toward their plan and takes it, and you stay on its team as an
                editor. Until they answer, nothing changes, and you can withdraw the offer.
              </p>
              {team.data?.accountKeeps && (
                <p className="mt-2">
                  It is your account’s first page: your account keeps /{team.data.accountKeeps} as its first instead. From then on you sign
                  in with the username <strong>{team.data.accountKeeps}</strong>, and the same password, passkeys and second factors.
                </p>
              )}
            </>
          ) : (
            <p>/{user.username} leaves your dashboard at once. Only its owner can let you back in, with a new invitation.</p>
          )
        }
        confirmLabel={asking?.kind === 'remove' ? 'Remove' : asking?.kind === 'offer' ? 'Offer the page' : 'Leave page'}
        pendingLabel="Working..."
        pending={removeMember.isPending || offerOwnership.isPending || leavePage.isPending}
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}

function PersonName({ person, you, since }: { person: { username: string; displayName: string }; you: boolean; since?: string }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate text-sm font-medium">
        {person.displayName || person.username}
        {you && <span className="text-muted"> (you)</span>}
      </p>
      <p className="truncate text-xs text-muted">
        @{person.username}
        {since && ` · since ${formatDay(since)}`}
      </p>
    </div>
  );
}

function PendingOffer({ username }: { username: string }) {
  const withdraw = useWithdrawOffer();
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary/40 bg-primary/10 px-4 py-3 text-sm">
      <p>
        You offered this page to <strong>@{username}</strong>. It moves once they accept.
      </p>
      <Button variant="outline" size="sm" disabled={withdraw.isPending} onClick={() => void withdraw.run()}>
        Withdraw offer
      </Button>
    </div>
  );
}

function OfferAnswer({ pageId, username }: { pageId: number; username: string }) {
  const answer = useAnswerOffer();
  return (
    <div className="mt-4 rounded-xl border border-primary/40 bg-primary/10 px-4 py-3 text-sm">
      <p>
        The owner offers you <strong>/{username}</strong>. If you accept, it counts toward your plan’s pages and takes your plan; its owner
        stays on the team as an editor.
      </p>
      <div className="mt-3 flex gap-2">
        <Button
          size="sm"
          disabled={answer.isPending}
          onClick={() => void answer.run({ pageId, accept: true }, { success: `/${username} is yours now` })}
        >
          Accept the page
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={answer.isPending}
          onClick={() => void answer.run({ pageId, accept: false }, { success: 'Offer declined' })}
        >
          Decline
        </Button>
      </div>
    </div>
  );
}

function Invitations({ team }: { team: Team }) {
  const withdraw = useWithdrawInvitation();
  if (team.invitations.length === 0) return null;
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold">Waiting for an answer</h3>
      <ul className="mt-2 divide-y divide-border" aria-label="Pending invitations">
        {team.invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2.5 text-sm">
            <Mail className="size-4 shrink-0 text-muted" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="block truncate">{invitation.email}</span>
              <span className="block text-xs text-muted">
                {PAGE_ROLE_INFO[invitation.role].name} · the link works until {formatDay(invitation.expiresAt)}
              </span>
            </span>
            <Button variant="ghost" size="sm" disabled={withdraw.isPending} onClick={() => void withdraw.run(invitation.id)}>
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function InviteForm() {
  const invite = useInvite();
  const features = useSiteFeatures();
  const form = useSchemaForm(inviteSchema, { defaultValues: { email: '', role: 'editor' } });
  const [sent, setSent] = useState<{ email: string; link: string } | null>(null);
  const mails = features?.mail === 'smtp';
  const submit = form.handleSubmit((input) =>
    invite.run(input, {
      form,
      success: mails ? { title: `Invitation sent to ${input.email}`, description: 'The link in it works for 7 days.' } : false,
      onSuccess: (result) => {
        setSent({ email: input.email, link: result.link });
        form.reset({ email: '', role: input.role });
      },
    }),
  );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Invite to the team"
      className="mt-5 space-y-3 border-t border-border pt-5"
    >
      <h3 className="text-sm font-semibold">Invite someone</h3>
      <FormError message={form.error} />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <div className="space-y-1.5">
          <Label htmlFor="invite-email">Email</Label>
          <Input id="invite-email" type="email" autoComplete="off" placeholder="name@example.com" {...form.field('email')} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="invite-role">Role</Label>
          <Select id="invite-role" className="w-full" {...form.field('role')}>
            {MEMBER_ROLES.map((role) => (
              <option key={role} value={role}>
                {PAGE_ROLE_INFO[role].name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p className="text-xs text-muted">
        {mails
          ? 'They get a link by mail, valid 7 days, that only the account of that address can accept.'
          : 'This site does not send mail: you get the link to send yourself. Only the account of that address can accept it, within 7 days.'}
      </p>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Inviting...' : 'Send invitation'}
      </Button>
      {sent && (
        <div className="rounded-xl border border-border bg-surface-raised px-4 py-3 text-sm" role="status">
          <p>
            {mails ? 'Sent to' : 'Send this link to'} <strong>{sent.email}</strong>
            {mails ? '. You can also send the link yourself:' : ':'}
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded-lg bg-black/30 px-2 py-1.5 text-xs">{sent.link}</code>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void copyWithToast(sent.link, 'Invitation link copied', { message: 'The link could not be copied' })}
            >
              <Copy /> Copy
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
