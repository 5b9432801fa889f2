import { randomBytes } from 'node:crypto';
import { DAY_MS, type Plan } from '#shared/constants.ts';
import type { InvitationPreview, InviteInput, Team } from '#shared/pages.ts';
import {
  INVITATION_DAYS,
  type MemberRole,
  TEAM_MAX,
  invitationLinkPath,
  maskedAddress,
  pageMessages,
  teamMessages,
} from '#shared/page-roles.ts';
import { PLAN_NAMES, type PlanLimits } from '#shared/plans.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { hashToken } from '../http/who-is-asking.ts';
import { recordActivity } from '../journal/activity.repository.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import {
  type MailContent,
  pageInvitationMail,
  pageOwnershipMovedNotice,
  pageOwnershipOfferMail,
  pageRemovalNotice,
  pageRoleChangedNotice,
} from '../mail/mail-templates.ts';
import { moveAccountToPage, pageKeptByAccount } from '../users/account-move.repository.ts';
import { findUserById, isConfirmedEmailInUse, languageOfConfirmedEmail, pageOfAccount, updateUser } from '../users/users.repository.ts';
import { countLiveOwnedPages } from './pages.repository.ts';
import {
  deleteInvitation,
  deleteMember,
  deleteOwnershipOffers,
  findInvitationByToken,
  findMember,
  findOwnershipOffer,
  findPendingInvitationTo,
  insertInvitation,
  insertMember,
  isMemberByAddress,
  membersOf,
  moveOwnership,
  pendingInvitationsOf,
  updateMemberRole,
} from './team.repository.ts';

/** A notice about one's place on a team is worth sending for a week. */
const NOTICE_VALID_MS = 7 * DAY_MS;

const personOf = (row: { id?: number; accountId?: number; username: string; displayName: string }) => ({
  accountId: row.accountId ?? row.id!,
  username: row.username,
  displayName: row.displayName,
});

/** Who acts, as the activity log names a member: '@username'. */
const named = (who: { username: string }) => `@${who.username}`;

/**
 * A page's team (issue 53): the owner invites people by mail with a role, changes it or removes them, and may offer
 * the page to a member, which moves once they accept. Every change is in the page's activity log, and the person
 * it concerns is told by mail (at their confirmed address). Permissions are read from the database on each call
 * (users/page-choice.ts): nothing here is cached.
 */
export class TeamService {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    /** PUBLIC_URL, where links in mail point (never a request's Host). */
    private readonly origin: string,
    private readonly planLimits: Record<Plan, PlanLimits>,
  ) {}

  /** The page's owner, members, and for its owner the pending invitations and any offer of the page. */
  async teamOf(page: UserRow, viewer: UserRow, viewerIsOwner: boolean, now = Date.now()): Promise<Team> {
    const at = new Date(now).toISOString();
    const owner = page.ownerId === null ? page : await findUserById(this.db, page.ownerId);
    const [members, invitations, offer, kept] = await Promise.all([
      membersOf(this.db, page.id),
      viewerIsOwner ? pendingInvitationsOf(this.db, page.id, at) : Promise.resolve([]),
      findOwnershipOffer(this.db, page.id, at),
      viewerIsOwner && page.ownerId === null ? pageKeptByAccount(this.db, page.id) : Promise.resolve(undefined),
    ]);
    const offeredTo =
      offer && (viewerIsOwner || offer.offeredTo === viewer.id) ? members.find((m) => m.accountId === offer.offeredTo) : undefined;
    return {
      owner: personOf(owner!),
      members: members.map((member) => ({ ...personOf(member), role: member.role, since: member.createdAt })),
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        role: invitation.role as MemberRole,
        expiresAt: invitation.expiresAt,
      })),
      offeredTo: offeredTo ? personOf(offeredTo) : null,
      canMoveOwnership: page.ownerId !== null || kept !== undefined,
      accountKeeps: kept?.username ?? null,
    };
  }

  /**
   * Invite an address to the team: a link mailed to it (at PUBLIC_URL), valid INVITATION_DAYS days, used once.
   * Answers the link's path too, for the owner to send it themselves (a site without mail).
   */
  async invite(page: UserRow, inviter: UserRow, input: InviteInput, now = Date.now()) {
    const at = new Date(now).toISOString();
    const owner = page.ownerId === null ? page : await findUserById(this.db, page.ownerId);
    if (owner?.email?.toLowerCase() === input.email && owner.emailConfirmedAt) {
      throw new AppError(409, 'forbidden', teamMessages.ownAddress, { fieldErrors: { email: teamMessages.ownAddress } });
    }
    const token = randomBytes(32).toString('base64url');
    const path = invitationLinkPath(token);
    const link = `${this.origin}${path}`;
    const expiresAt = new Date(now + INVITATION_DAYS * DAY_MS).toISOString();
    const invitation = await this.db.transaction().execute(async (trx) => {
      if (await isMemberByAddress(trx, page.id, input.email)) {
        throw new AppError(409, 'forbidden', teamMessages.alreadyMember, { fieldErrors: { email: teamMessages.alreadyMember } });
      }
      if (await findPendingInvitationTo(trx, page.id, input.email, at)) {
        throw new AppError(409, 'forbidden', teamMessages.alreadyInvited, { fieldErrors: { email: teamMessages.alreadyInvited } });
      }
      const [members, pending] = await Promise.all([membersOf(trx, page.id), pendingInvitationsOf(trx, page.id, at)]);
      if (members.length + pending.length >= TEAM_MAX) throw new AppError(409, 'forbidden', teamMessages.teamFull);
      const row = await insertInvitation(trx, {
        pageId: page.id,
        email: input.email,
        role: input.role,
        offeredTo: null,
        tokenHash: hashToken(token),
        invitedBy: inviter.id,
        createdAt: at,
        expiresAt,
      });
      await recordActivity(trx, page, 'member_invited', input.email, at);
      // In the language of the account the address is confirmed on, else in the inviter's (issue 54).
      const language = (await languageOfConfirmedEmail(trx, input.email)) ?? inviter.language;
      const content = pageInvitationMail(
        language,
        this.origin,
        page,
        inviter.displayName || inviter.username,
        input.role,
        link,
        INVITATION_DAYS,
      );
      await this.outbox.queue(trx, { recipient: input.email, ...content, expiresAt });
      return row;
    });
    this.outbox.kick();
    return { invitation: { id: invitation.id, email: invitation.email, role: input.role, expiresAt }, path };
  }

  async withdraw(page: UserRow, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const pending = (await pendingInvitationsOf(trx, page.id, nowIso())).find((invitation) => invitation.id === id);
      if (!pending || !(await deleteInvitation(trx, page.id, id))) throw new AppError(404, 'not_found', teamMessages.invitationNotFound);
      await recordActivity(trx, page, 'invitation_withdrawn', pending.email);
    });
  }

  /** What an invitation's link shows: the page, the role, who sent it, the address partly hidden. */
  async preview(token: string, now = Date.now()): Promise<InvitationPreview> {
    const invitation = await this.validInvitation(this.db, token, now);
    return {
      page: { username: invitation.pageUsername, displayName: invitation.pageDisplayName },
      role: invitation.role as MemberRole,
      invitedBy: invitation.inviterName || invitation.inviterUsername,
      email: maskedAddress(invitation.email),
      expiresAt: invitation.expiresAt,
    };
  }

  /**
   * Accept an invitation, signed in: the account's confirmed address must be the invited one. An account with no
   * confirmed address takes the invited one, confirmed: the link reached it (unless another account confirmed it).
   */
  async accept(account: UserRow, token: string, now = Date.now()): Promise<{ pageId: number }> {
    return this.db.transaction().execute(async (trx) => {
      const invitation = await this.validInvitation(trx, token, now);
      const at = new Date(now).toISOString();
      const own = account.email?.toLowerCase();
      if (account.emailConfirmedAt && own !== invitation.email) {
        throw new AppError(403, 'forbidden', teamMessages.wrongAddress(maskedAddress(invitation.email)));
      }
      if (!account.emailConfirmedAt) {
        if (await isConfirmedEmailInUse(trx, invitation.email)) throw new AppError(409, 'forbidden', teamMessages.addressTaken);
        await updateUser(trx, account.id, { email: invitation.email, emailConfirmedAt: at });
      }
      await deleteInvitation(trx, invitation.pageId, invitation.id);
      // The owner has the page already; a member keeps the role they have.
      if (
        invitation.pageId !== account.id &&
        invitation.pageOwnerId !== account.id &&
        !(await findMember(trx, invitation.pageId, account.id))
      ) {
        await insertMember(trx, invitation.pageId, account.id, invitation.role as MemberRole, at);
        await recordActivity(trx, { id: invitation.pageId, actorId: account.id }, 'member_joined', named(account), at);
      }
      return { pageId: invitation.pageId };
    });
  }

  /** An invitation whose token is known, not expired, on a live page; one message for every other case. */
  private async validInvitation(db: Db, token: string, now: number) {
    const invitation = await findInvitationByToken(db, hashToken(token));
    if (!invitation || Date.parse(invitation.expiresAt) <= now || invitation.pageIsActive !== 1 || invitation.pageDeleteAfter !== null) {
      throw new AppError(404, 'not_found', teamMessages.invitationInvalid);
    }
    return invitation;
  }

  async changeRole(page: UserRow, accountId: number, role: MemberRole): Promise<void> {
    const member = await this.db.transaction().execute(async (trx) => {
      const member = await findMember(trx, page.id, accountId);
      if (!member) throw new AppError(404, 'not_found', teamMessages.memberNotFound);
      if (member.role === role) throw new AppError(400, 'no_changes', teamMessages.sameRole);
      await updateMemberRole(trx, page.id, accountId, role);
      await recordActivity(trx, page, 'member_role_changed', named(member));
      await this.tell(trx, member, pageRoleChangedNotice(member.language, this.origin, page, role));
      return member;
    });
    if (member) this.outbox.kick();
  }

  /** The owner takes a member off the team: their next call on the page is refused. */
  async remove(page: UserRow, accountId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const member = await findMember(trx, page.id, accountId);
      if (!member || !(await deleteMember(trx, page.id, accountId))) throw new AppError(404, 'not_found', teamMessages.memberNotFound);
      await this.dropOfferTo(trx, page.id, accountId);
      await recordActivity(trx, page, 'member_removed', named(member));
      await this.tell(trx, member, pageRemovalNotice(member.language, this.origin, page));
    });
    this.outbox.kick();
  }

  /** A member leaves a page (its owner cannot, before ownership moves). */
  async leave(account: UserRow, pageId: number): Promise<void> {
    const access = await pageOfAccount(this.db, pageId, account.id);
    if (access?.role === 'owner' || pageId === account.id) throw new AppError(409, 'forbidden', teamMessages.ownerCannotLeave);
    await this.db.transaction().execute(async (trx) => {
      if (!(await deleteMember(trx, pageId, account.id))) throw new AppError(404, 'not_found', teamMessages.memberNotFound);
      await this.dropOfferTo(trx, pageId, account.id);
      await recordActivity(trx, { id: pageId, actorId: account.id }, 'member_left', named(account));
    });
  }

  /**
   * The owner offers the page to a member; it moves when they accept. The account's own first page can be offered
   * once the account has another page to keep as its first (users/account-move.repository.ts).
   */
  async offerOwnership(page: UserRow, owner: UserRow, accountId: number, now = Date.now()): Promise<void> {
    if (page.ownerId === null && !(await pageKeptByAccount(this.db, page.id)))
      throw new AppError(409, 'forbidden', teamMessages.firstPageNeedsAnother);
    const at = new Date(now).toISOString();
    await this.db.transaction().execute(async (trx) => {
      const member = await findMember(trx, page.id, accountId);
      if (!member)
        throw new AppError(404, 'not_found', teamMessages.memberNotFound, { fieldErrors: { accountId: teamMessages.offerToMember } });
      if (await findOwnershipOffer(trx, page.id, at)) throw new AppError(409, 'forbidden', teamMessages.offerWaiting);
      await insertInvitation(trx, {
        pageId: page.id,
        email: '',
        role: 'owner',
        offeredTo: accountId,
        // Answered in the dashboard, never through a link: the token is random and never sent.
        tokenHash: hashToken(randomBytes(32).toString('base64url')),
        invitedBy: owner.id,
        createdAt: at,
        expiresAt: new Date(now + INVITATION_DAYS * DAY_MS).toISOString(),
      });
      await recordActivity(trx, page, 'ownership_offered', named(member), at);
      const url = `${this.origin}/dashboard?page=${page.username}&tab=team`;
      await this.tell(trx, member, pageOwnershipOfferMail(member.language, this.origin, page, owner.displayName || owner.username, url));
    });
    this.outbox.kick();
  }

  async withdrawOffer(page: UserRow): Promise<void> {
    if (!(await deleteOwnershipOffers(this.db, page.id))) throw new AppError(404, 'not_found', teamMessages.noOffer);
  }

  /**
   * The member offered the page accepts: it is theirs, with their plan; the owner before stays as an editor and is
   * told by mail. When the page was its owner's first, their account moves onto the page they keep first.
   */
  async acceptOwnership(account: UserRow, pageId: number, now = Date.now()): Promise<{ page: UserRow; formerOwner: UserRow }> {
    const at = new Date(now).toISOString();
    const moved = await this.db.transaction().execute(async (trx) => {
      const offer = await findOwnershipOffer(trx, pageId, at);
      const page = await findUserById(trx, pageId);
      if (!offer || offer.offeredTo !== account.id || !page) throw new AppError(404, 'not_found', teamMessages.noOffer);
      const limit = this.planLimits[account.plan].pages;
      if ((await countLiveOwnedPages(trx, account.id)) >= limit) {
        throw new AppError(409, 'too_many_pages', pageMessages.tooMany(limit, PLAN_NAMES[account.plan]));
      }
      const formerOwner = page.ownerId === null ? await this.moveAccountOff(trx, page, at) : await findUserById(trx, page.ownerId);
      await deleteOwnershipOffers(trx, pageId);
      await deleteMember(trx, pageId, account.id);
      await moveOwnership(trx, pageId, account, at);
      await insertMember(trx, pageId, formerOwner!.id, 'editor', at);
      await recordActivity(trx, { id: pageId, actorId: account.id }, 'ownership_moved', named(account), at);
      const moved = (await findUserById(trx, pageId))!;
      const keeps = page.ownerId === null ? formerOwner!.username : null;
      await this.tell(trx, formerOwner!, pageOwnershipMovedNotice(formerOwner!.language, this.origin, moved, named(account), keeps));
      return { page: moved, formerOwner: formerOwner! };
    });
    this.outbox.kick();
    return moved;
  }

  /**
   * The account whose first page moves keeps its oldest live further page as its first, and everything that is the
   * person goes there with it. Refused while the account is switched off or being deleted, or has no page to keep.
   */
  private async moveAccountOff(trx: Db, firstPage: UserRow, at: string): Promise<UserRow> {
    const kept = firstPage.isActive === 1 && firstPage.deleteAfter === null ? await pageKeptByAccount(trx, firstPage.id) : undefined;
    if (!kept) throw new AppError(409, 'forbidden', teamMessages.ownerKeepsNoPage);
    await moveAccountToPage(trx, firstPage, kept, at);
    return (await findUserById(trx, kept.id))!;
  }

  async declineOwnership(account: UserRow, pageId: number): Promise<void> {
    const offer = await findOwnershipOffer(this.db, pageId, nowIso());
    if (!offer || offer.offeredTo !== account.id) throw new AppError(404, 'not_found', teamMessages.noOffer);
    await deleteOwnershipOffers(this.db, pageId);
  }

  /** An offer to someone leaving the team goes with them. */
  private async dropOfferTo(trx: Db, pageId: number, accountId: number): Promise<void> {
    const offer = await findOwnershipOffer(trx, pageId, nowIso());
    if (offer?.offeredTo === accountId) await deleteOwnershipOffers(trx, pageId);
  }

  /** Mail to a member at their confirmed address (none: they see it in the dashboard). */
  private async tell(trx: Db, member: { email: string | null; emailConfirmedAt: string | null }, content: MailContent): Promise<void> {
    if (!member.email || !member.emailConfirmedAt) return;
    await this.outbox.queue(trx, { recipient: member.email, ...content, expiresAt: new Date(Date.now() + NOTICE_VALID_MS).toISOString() });
  }
}
