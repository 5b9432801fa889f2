import { randomBytes } from 'node:crypto';
import { DAY_MS } from '#shared/constants.ts';
import {
  SUBSCRIBE_CONFIRM_DAYS,
  SUBSCRIBERS_MAX,
  type Subscriber,
  subscriberMessages,
  subscriberTokenSchema,
} from '#shared/subscribers.ts';
import { type Db, isRefusedRow, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { hashToken } from '../http/who-is-asking.ts';
import { AppError } from '../http/errors.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import { subscriptionConfirmMail } from './subscription-mail.ts';
import { csvDocument } from '../http/csv.ts';
import {
  allSubscribers,
  confirmSubscriber,
  countSubscribers,
  deleteSubscriberById,
  deleteSubscriberOfUser,
  findByToken,
  findSubscriber,
  insertSubscriber,
  newestSubscribers,
  renewPendingLink,
} from './subscribers.repository.ts';
import { isUsername } from '../users/users.service.ts';

/** The page whose form was sent: what the sign-up needs of it. */
export interface SignupPage {
  id: number;
  username: string;
  displayName: string;
  subscribeConsent: string;
  /** The language the page speaks: its confirmation mail's (issue 54). */
  pageLanguage: string | null;
}

/** A visitor's links, from the token only they were sent. */
export function visitorLinks(origin: string, username: string, token: string): { confirm: string; unsubscribe: string } {
  const query = `token=${encodeURIComponent(token)}`;
  return { confirm: `${origin}/${username}/subscribe/confirm?${query}`, unsubscribe: `${origin}/${username}/unsubscribe?${query}` };
}

/**
 * A visitor's address for a creator's list. New: kept pending, and a link to
 * confirm it is mailed (with mail configured), or kept unconfirmed (without).
 * Already there: a pending one gets a fresh link, anything else is left as it
 * is. The visitor is told the same either way: the form says nothing about
 * who is on a list.
 */
export async function subscribe(
  db: Db,
  outbox: MailOutbox,
  page: SignupPage,
  email: string,
  origin: string,
  now = Date.now(),
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const confirmBefore = new Date(now + SUBSCRIBE_CONFIRM_DAYS * DAY_MS).toISOString();
  const name = page.displayName || page.username;
  const mail = () =>
    subscriptionConfirmMail(
      page.pageLanguage,
      origin,
      { username: page.username, name },
      visitorLinks(origin, page.username, token),
      page.subscribeConsent,
      SUBSCRIBE_CONFIRM_DAYS,
    );
  const queued = await db
    .transaction()
    .execute(async (trx) => {
      const existing = await findSubscriber(trx, page.id, email);
      if (existing) {
        if (existing.status !== 'pending' || !outbox.delivers) return false;
        await renewPendingLink(trx, existing.id, hashToken(token), confirmBefore);
      } else {
        if ((await countSubscribers(trx, page.id)).total >= SUBSCRIBERS_MAX)
          throw new AppError(409, 'list_full', subscriberMessages.listFull);
        await insertSubscriber(trx, {
          userId: page.id,
          email,
          status: outbox.delivers ? 'pending' : 'unconfirmed',
          consent: page.subscribeConsent,
          tokenHash: hashToken(token),
          confirmBefore: outbox.delivers ? confirmBefore : null,
          createdAt: new Date(now).toISOString(),
          confirmedAt: null,
        });
        if (!outbox.delivers) return false;
      }
      await outbox.queue(trx, { recipient: email, ...mail(), expiresAt: confirmBefore });
      return true;
    })
    .catch((error: unknown) => {
      // The same address sent twice at once: the unique index kept one entry, which is the answer.
      if (isRefusedRow(error)) return false;
      throw error;
    });
  if (queued) outbox.kick();
}

/** The owner's list as CSV: a spreadsheet opens it as text, never as formulas (as the analytics export). */
export function subscribersCsv(rows: readonly Subscriber[]): string {
  return csvDocument([
    ['email', 'status', 'signed_up', 'confirmed', 'consent'],
    ...rows.map((row) => [row.email, row.status, row.createdAt, row.confirmedAt ?? '', row.consent]),
  ]);
}

/** The entry a visitor's link names on this page, or undefined (no such token, another page's, a malformed one). */
export async function entryOfVisitorLink(db: Db, username: string, token: unknown) {
  const parsed = subscriberTokenSchema.safeParse(token);
  if (!parsed.success || !isUsername(username)) return undefined;
  return findByToken(db, hashToken(parsed.data), username);
}

/** Confirm a pending entry (its link not expired); false when it was not pending. */
export function confirmEntry(db: Db, id: number): Promise<boolean> {
  return confirmSubscriber(db, id, nowIso());
}

/** Take an entry off its list: the visitor's own unsubscribe link. */
export function removeEntry(db: Db, id: number): Promise<void> {
  return deleteSubscriberById(db, id);
}

/** The newest addresses on the owner's list and how many in all. */
export async function listOf(db: Db, owner: UserRow): Promise<{ subscribers: Subscriber[]; total: number; confirmed: number }> {
  const [subscribers, counts] = await Promise.all([newestSubscribers(db, owner.id), countSubscribers(db, owner.id)]);
  return { subscribers, ...counts };
}

/** Every address on the owner's list, as CSV. */
export async function listCsvOf(db: Db, owner: UserRow): Promise<string> {
  return subscribersCsv(await allSubscribers(db, owner.id));
}

/** Remove an address from the owner's list (404 when the list has no such entry). */
export async function removeFromList(db: Db, owner: UserRow, id: number): Promise<void> {
  if (!(await deleteSubscriberOfUser(db, owner.id, id))) throw new AppError(404, 'not_found', subscriberMessages.notFound);
}
