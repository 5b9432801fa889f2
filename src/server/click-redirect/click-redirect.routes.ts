import { z } from 'zod';
import { textAddressOf } from '#shared/blocks.ts';
import { AGREE_QUERY } from '#shared/content-warning.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { type PageCache, linkIdOf, preparePage } from '../http/page-cache.ts';
import { renderContentWarning, renderLinkUnavailable } from '../page-drawing/render-page.tsx';
import { NOT_FOUND_PAGE } from '../page-drawing/not-found-page.ts';
import { type PublicPageResponder, sendAnswer } from '../http/responder.ts';
import { siteOrigin } from '../http/site-origin.ts';
import { isOwnPage } from '../users/page-choice.ts';
import type { Services } from '../services.ts';

const linkParams = z.object({ id: z.string() });
/** `?to=n`: the n-th address of a text block (issue 30); anything else in the query is ignored, as before. */
const redirectQuery = z.object({
  to: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  /** Past a marked link's warning (issue 30). */
  [AGREE_QUERY]: z.string().optional().catch(undefined),
});

export interface ClickRedirectDeps {
  db: Db;
  config: AppConfig;
  cache: PageCache;
  responder: PublicPageResponder;
  recorder: Services['events'];
  linkTargets: Services['linkTargets'];
  /** The time a scheduled link's window is read at. */
  clock: () => number;
}

export function registerClickRedirectRoutes(
  app: App,
  { db, config, cache, responder, recorder, linkTargets, clock }: ClickRedirectDeps,
): void {
  const { ownerOfHiddenLink, shownRedirectTarget, shownTextBlock } = linkTargets;
  // GET /go/{linkId}: count the click, then 302 to the stored URL of an active
  // link of an active profile; anything else is the 404 page, never a redirect elsewhere.
  app.get('/go/:id', { schema: { hide: true, params: linkParams, querystring: redirectQuery } }, async (request, reply) => {
    const id = linkIdOf(request.params.id);
    const part = request.query.to;
    if (id !== undefined && part !== undefined) {
      // An address in a text block: read each time (off the fast path), from the block as stored.
      // Anything else (a link, a hidden block) goes on as a link would.
      const block = await shownTextBlock(db, id, clock());
      const url = block ? textAddressOf(block.body, part) : undefined;
      if (block && url !== undefined) {
        if (!(await isOwnPage(db, request, block.userId))) recorder.recordRequest(request.raw, request.ip, block.userId, id);
        return sendAnswer(reply, responder.redirect(url));
      }
    }
    let target = id === undefined ? undefined : cache.redirect(id);
    if (id !== undefined && !target) {
      const readAt = cache.generation;
      const live = await shownRedirectTarget(db, id, clock());
      // A marked link (issue 30): its warning first, then, past it, the redirect; never cached.
      if (live?.contentWarning && request.query[AGREE_QUERY] === undefined) {
        const page = preparePage(
          renderContentWarning(live.contentWarning, 'link', live, `/go/${id}`, siteOrigin(config.publicUrl, request)),
          live.userId,
        );
        return sendAnswer(reply, responder.page(page, 200, request.headers));
      }
      // Only within a scheduled link's window; kept until its end, or until the link or its profile
      // changes (a change drops it on every instance).
      target = live
        ? { url: live.url, userId: live.userId, expiresAt: live.endsAt ? Date.parse(live.endsAt) : Number.POSITIVE_INFINITY }
        : undefined;
      if (target && !live?.contentWarning) cache.setRedirect(id, target, readAt);
    }
    if (id === undefined) return sendAnswer(reply, responder.page(NOT_FOUND_PAGE, 404, request.headers));
    if (!target) {
      // A link its owner hid (or scheduled): said so, with the way to the profile, rather than 'User not found' (issue 27).
      const owner = await ownerOfHiddenLink(db, id);
      const page = owner ? preparePage(renderLinkUnavailable(owner), 0) : NOT_FOUND_PAGE;
      return sendAnswer(reply, responder.page(page, 404, request.headers));
    }
    // The owner's own clicks, and the team's, are not counted.
    if (!(await isOwnPage(db, request, target.userId))) recorder.recordRequest(request.raw, request.ip, target.userId, id);
    return sendAnswer(reply, responder.redirect(target.url));
  });
}
