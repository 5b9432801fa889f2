import { outboxSchema } from '#shared/mail.ts';
import { errorResponses } from '#shared/api.ts';
import type { App } from '../http/app-types.ts';
import { requireAdmin } from '../http/who-is-asking.ts';
import type { MailOutbox } from './mail-outbox.ts';

/**
 * The control center's Outbox (issue 51 §3): on a site without SMTP, the mail
 * it would have sent, to whom, its subject and its text with its links, for an
 * administrator to read and pass on. Admins only: a held mail may carry a live
 * reset or confirmation link, and each goes once its link expires.
 */
export function registerOutboxRoutes(admin: App, outbox: MailOutbox): void {
  // GET /api/admin/outbox → { mails }
  admin.get(
    '/outbox',
    {
      schema: {
        tags: ['Admin'],
        summary: 'Mail held on a site without SMTP, newest first, while its links work',
        response: { 200: outboxSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { mails: await outbox.held() };
    },
  );
}
