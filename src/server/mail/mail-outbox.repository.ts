import type { Db } from '../db/database.ts';
import type { MailOutboxTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';

export type OutboxMail = Selectable<MailOutboxTable>;

/** A file sent with a mail: an image the HTML shows by its cid (a report's chart). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The HTML refers to it as cid:{cid}. */
  cid: string;
  content: Buffer;
}

export interface NewMail {
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Past this time the mail is not sent (its link no longer works). */
  expiresAt: string;
}

/** `heldAt`: set on a site without SMTP, where the mail waits for an administrator instead of being sent. */
export async function insertMail(db: Db, mail: NewMail, at: string, heldAt: string | null): Promise<void> {
  await db
    .insertInto('mailOutbox')
    .values({
      recipient: mail.recipient,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: mail.attachments?.length
        ? JSON.stringify(mail.attachments.map((file) => ({ ...file, content: file.content.toString('base64') })))
        : null,
      createdAt: at,
      sendAfter: at,
      expiresAt: mail.expiresAt,
      heldAt,
    })
    .execute();
}

/** A stored mail's attachments, as the sender hands them over. */
export function attachmentsOf(mail: Pick<OutboxMail, 'attachments'>): MailAttachment[] {
  if (!mail.attachments) return [];
  const stored = JSON.parse(mail.attachments) as Array<Omit<MailAttachment, 'content'> & { content: string }>;
  return stored.map((file) => ({ ...file, content: Buffer.from(file.content, 'base64') }));
}

/** Mail due to be tried, oldest first. */
export function dueMail(db: Db, at: string, limit: number): Promise<OutboxMail[]> {
  return db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('sentAt', 'is', null)
    .where('givenUpAt', 'is', null)
    .where('heldAt', 'is', null)
    .where('sendAfter', '<=', at)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Take a mail for one attempt: counts the attempt and leases the mail until
 * `leaseUntil`, only if nobody took it since it was read (several instances
 * share one outbox). A sender that dies mid-attempt leaves it to be retried
 * once the lease runs out.
 */
export async function claimMail(db: Db, mail: OutboxMail, leaseUntil: string): Promise<boolean> {
  const claimed = await db
    .updateTable('mailOutbox')
    .set({ attempts: mail.attempts + 1, sendAfter: leaseUntil })
    .where('id', '=', mail.id)
    .where('attempts', '=', mail.attempts)
    .where('sentAt', 'is', null)
    .where('givenUpAt', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Sent: the bodies go (they may hold a link), the record of who got what and when stays a while. */
export async function markMailSent(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('mailOutbox').set({ sentAt: at, textBody: '', htmlBody: '', lastError: null }).where('id', '=', id).execute();
}

export async function markMailRetry(db: Db, id: number, sendAfter: string, error: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ sendAfter, lastError: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

export async function markMailGivenUp(db: Db, id: number, at: string, error: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ givenUpAt: at, textBody: '', htmlBody: '', lastError: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

/** Records of mail sent or given up before `before` go, and held mail whose link expired before `now`. */
export async function pruneOutbox(db: Db, before: string, now: string): Promise<void> {
  await db
    .deleteFrom('mailOutbox')
    .where((eb) =>
      eb.or([eb('sentAt', '<', before), eb('givenUpAt', '<', before), eb.and([eb('heldAt', 'is not', null), eb('expiresAt', '<=', now)])]),
    )
    .execute();
}

/** Held mail still worth reading (its link works), newest first. */
export function heldMail(db: Db, now: string, limit: number) {
  return db
    .selectFrom('mailOutbox')
    .select(['id', 'recipient', 'subject', 'textBody', 'heldAt', 'expiresAt'])
    .where('heldAt', 'is not', null)
    .$narrowType<{ heldAt: string }>()
    .where('expiresAt', '>', now)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
