import { z } from 'zod';
import { dataOf, errorResponses, idParam, tooManyAttemptsMessage } from '#shared/api.ts';
import {
  changeRoleSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  inviteSchema,
  offerOwnershipSchema,
  teamSchema,
} from '#shared/pages.ts';
import {
  INVITATIONS_PER_ACCOUNT_PER_HOUR,
  INVITATIONS_PER_PAGE_PER_HOUR,
  MEMBER_ROLES,
  pageMessages,
  teamMessages,
} from '#shared/page-roles.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { siteOrigin } from '../http/site-origin.ts';
import { requireAccount, requireUser } from '../http/who-is-asking.ts';
import { publishPagesChanged } from '../users/users.service.ts';
import type { TeamService } from './team.service.ts';

const tags = ['Pages'];
const HOUR = 3600_000;
const memberParams = z.object({ accountId: idParam(teamMessages.memberNotFound) });
const invitationParams = z.object({ id: idParam(teamMessages.invitationNotFound) });
const pageParams = z.object({ id: idParam(pageMessages.notFound) });
const tokenBody = z.object({ token: invitationTokenSchema }).strict();
const done = dataOf(z.object({ done: z.literal(true) }));

/** The page's team, under /api/me/team: on the page the call names; reading it is every member's, changing it the owner's. */
export function registerTeamRoutes(app: App, team: TeamService, publicUrl: string | undefined): void {
  const invitesPerPage = rateLimiter(
    app,
    'invite-page',
    { max: INVITATIONS_PER_PAGE_PER_HOUR, timeWindowMs: HOUR },
    tooManyAttemptsMessage,
  );
  const invitesPerAccount = rateLimiter(
    app,
    'invite-account',
    { max: INVITATIONS_PER_ACCOUNT_PER_HOUR, timeWindowMs: HOUR },
    tooManyAttemptsMessage,
  );
  const owner = { pageAccess: 'owner' as const };

  // GET /api/me/team
  app.get(
    '/team',
    {
      schema: {
        tags,
        summary: 'The page’s owner and members; for its owner, the pending invitations and any offer of the page',
        response: { 200: dataOf(teamSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await team.teamOf(requireUser(request), requireAccount(request), request.pageRole === 'owner') }),
  );

  // POST /api/me/team/invitations {email, role}
  app.post(
    '/team/invitations',
    {
      config: owner,
      schema: {
        tags,
        summary: `Invite an address to the page’s team as ${MEMBER_ROLES.join(' or ')}: a link mailed to it, valid 7 days, used once`,
        body: inviteSchema,
        response: {
          201: dataOf(z.object({ invitation: teamSchema.shape.invitations.element, link: z.string() })),
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const page = requireUser(request);
      const account = requireAccount(request);
      await invitesPerPage(request, String(page.id));
      await invitesPerAccount(request, String(account.id));
      const { invitation, path } = await team.invite(page, account, request.body);
      // The link as this site is reached (PUBLIC_URL, else the request's own address), for the owner to pass on.
      return reply.status(201).send({ data: { invitation, link: `${siteOrigin(publicUrl, request)}${path}` } });
    },
  );

  // DELETE /api/me/team/invitations/{id}
  app.delete(
    '/team/invitations/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Withdraw a pending invitation: its link stops working',
        params: invitationParams,
        response: { 200: done, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await team.withdraw(requireUser(request), request.params.id);
      return { data: { done: true as const } };
    },
  );

  // PATCH /api/me/team/members/{accountId} {role}
  app.patch(
    '/team/members/:accountId',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Change a member’s role (they are told by mail)',
        params: memberParams,
        body: changeRoleSchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await team.changeRole(requireUser(request), request.params.accountId, request.body.role);
      return { data: { done: true as const } };
    },
  );

  // DELETE /api/me/team/members/{accountId}
  app.delete(
    '/team/members/:accountId',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Remove a member: their next call on the page is refused (they are told by mail)',
        params: memberParams,
        response: { 200: done, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await team.remove(requireUser(request), request.params.accountId);
      return { data: { done: true as const } };
    },
  );

  // POST /api/me/team/ownership {accountId}
  app.post(
    '/team/ownership',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Offer the page to a member: it becomes theirs once they accept (not the owner’s own first page)',
        body: offerOwnershipSchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await team.offerOwnership(requireUser(request), requireAccount(request), request.body.accountId);
      return { data: { done: true as const } };
    },
  );

  // DELETE /api/me/team/ownership
  app.delete(
    '/team/ownership',
    {
      config: owner,
      schema: { tags, summary: 'Withdraw the offer of the page', response: { 200: done, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      await team.withdrawOffer(requireUser(request));
      return { data: { done: true as const } };
    },
  );
}

/** The person's side of teams, under /api/me: accepting an invitation or an offer, leaving a page. */
export function registerMembershipRoutes(app: App, db: Db, team: TeamService, bus: ChangeBus): void {
  const acceptsPerAccount = rateLimiter(app, 'invitation-accept', { max: 20, timeWindowMs: HOUR }, tooManyAttemptsMessage);

  // POST /api/me/invitations/accept {token}
  app.post(
    '/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation to a page’s team, signed in with the invited address (or an account with no confirmed address yet)',
        body: tokenBody,
        response: { 200: dataOf(z.object({ pageId: z.number().int() })), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const account = requireAccount(request);
      await acceptsPerAccount(request, String(account.id));
      return { data: await team.accept(account, request.body.token) };
    },
  );

  // DELETE /api/me/pages/{id}/membership
  app.delete(
    '/pages/:id/membership',
    { schema: { tags, summary: 'Leave a page’s team', params: pageParams, response: { 200: done, ...errorResponses(401, 404, 409) } } },
    async (request) => {
      await team.leave(requireAccount(request), request.params.id);
      return { data: { done: true as const } };
    },
  );

  // POST /api/me/pages/{id}/ownership
  app.post(
    '/pages/:id/ownership',
    {
      schema: {
        tags,
        summary: 'Accept the offer of a page: it becomes yours, with your plan; its owner before stays on the team as an editor',
        params: pageParams,
        response: { 200: done, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const { page, formerOwner } = await team.acceptOwnership(requireAccount(request), request.params.id);
      bus.publish(profileChange(page));
      // The pages the former owner keeps are ranked again against their plan, and one may now be their first.
      await publishPagesChanged(db, bus, formerOwner);
      return { data: { done: true as const } };
    },
  );

  // DELETE /api/me/pages/{id}/ownership
  app.delete(
    '/pages/:id/ownership',
    { schema: { tags, summary: 'Decline the offer of a page', params: pageParams, response: { 200: done, ...errorResponses(401, 404) } } },
    async (request) => {
      await team.declineOwnership(requireAccount(request), request.params.id);
      return { data: { done: true as const } };
    },
  );
}

/** What an invitation's link shows, to anyone holding it (POST, so that the token stays out of addresses and logs). */
export function registerInvitationPreview(app: App, team: TeamService): void {
  const previewsPerAddress = rateLimiter(app, 'invitation-preview', { max: 30, timeWindowMs: 15 * 60_000 }, tooManyAttemptsMessage);
  app.post(
    '/api/invitations/preview',
    {
      schema: {
        tags,
        summary: 'What an invitation’s link offers: the page, the role, who sent it, the address partly hidden',
        body: tokenBody,
        response: { 200: dataOf(invitationPreviewSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await previewsPerAddress(request, request.ip);
      return { data: await team.preview(request.body.token) };
    },
  );
}
