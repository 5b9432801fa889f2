import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { loadWhenUsed } from '../load-when-used.ts';
import { type HeldMail, OUTBOX_SHOWN } from '#shared/mail.ts';
import {
  type MailAttachment,
  type NewMail,
  attachmentsOf,
  claimMail,
  dueMail,
  heldMail,
  insertMail,
  markMailGivenUp,
  markMailRetry,
  markMailSent,
} from './mail-outbox.repository.ts';

/** What actually hands a mail over: SMTP in the product (smtpSender). */
export interface MailSender {
  send(mail: { to: string; subject: string; text: string; html: string; attachments: MailAttachment[] }): Promise<void>;
  close(): void;
}

/** Tries per mail, then it is given up (logged); between tries the wait doubles from 30 s up to an hour: about ten hours in all. */
export const MAIL_MAX_ATTEMPTS = 16;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3600_000;
/** A mail being sent is someone's for this long; if its sender died, it is tried again after. */
const LEASE_MS = 2 * 60_000;
/** Mail handed over per pass, one at a time: a backlog drains steadily without crowding the server. */
const BATCH = 20;
const POLL_MS = 30_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** SMTP through nodemailer, with timeouts, so that a mail server that hangs delays mail rather than the outbox. */
export function smtpSender(smtpUrl: string, from: string): MailSender {
  const nodemailer = loadWhenUsed('nodemailer') as typeof import('nodemailer');
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/**
 * Mail leaves from a table, off the request path: a request queues it in its
 * own transaction; this sends what is due, one at a time, and retries with a
 * growing wait. A restart or a mail server that is down delays mail and loses
 * none; mail whose link has expired is not sent.
 *
 * Without a sender (no SMTP_URL), mail is queued held: it waits in the control
 * center's Outbox, for an administrator to read, until its link expires.
 */
export class MailOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Work off the request path that may queue mail (a forgot-password lookup). */
  private readonly producers = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly sender: MailSender | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether mail reaches its recipient (SMTP_URL is set), rather than an administrator's Outbox. */
  get delivers(): boolean {
    return this.sender !== undefined;
  }

  /** The mail held for an administrator to pass on (no SMTP), newest first, while its links work (the Outbox). */
  async held(now = new Date().toISOString()): Promise<HeldMail[]> {
    const rows = await heldMail(this.db, now, OUTBOX_SHOWN);
    return rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.textBody,
      heldAt: row.heldAt,
      expiresAt: row.expiresAt,
    }));
  }

  /** Queue a mail in the caller's transaction, due at once (or held, without SMTP); call kick() once it committed. */
  async queue(db: Db, mail: NewMail): Promise<void> {
    const at = new Date().toISOString();
    await insertMail(db, mail, at, this.delivers ? null : at);
  }

  start(): void {
    if (!this.delivers) return;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Send what is due now, soon, without making the caller wait. */
  kick(): void {
    if (!this.delivers || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Run work that may queue mail without making the request wait for it; errors are logged. */
  later(work: () => Promise<void>, what: string): void {
    const running = work()
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
      .finally(() => this.producers.delete(running));
    this.producers.add(running);
  }

  /** Resolves when the work started with later() and the sending it led to are over (tests wait on it). */
  async idle(): Promise<void> {
    while (this.producers.size > 0 || this.running) await Promise.allSettled([...this.producers, this.running]);
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.producers]);
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
    this.sender?.close();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.deliverDue()) === BATCH);
    } catch (error) {
      this.log.error({ err: error }, 'the mail outbox could not be read');
    }
  }

  /** One pass: the due mail, oldest first, at most BATCH of them. How many were due. */
  async deliverDue(now = Date.now()): Promise<number> {
    const at = new Date(now).toISOString();
    const due = await dueMail(this.db, at, BATCH);
    for (const mail of due) {
      if (this.stopped) break;
      if (mail.expiresAt <= at) {
        await markMailGivenUp(this.db, mail.id, at, 'expired before it could be sent');
        continue;
      }
      if (!(await claimMail(this.db, mail, new Date(now + LEASE_MS).toISOString()))) continue;
      try {
        await this.sender!.send({
          to: mail.recipient,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
          attachments: attachmentsOf(mail),
        });
        await markMailSent(this.db, mail.id, new Date().toISOString());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const attempts = mail.attempts + 1;
        if (attempts >= MAIL_MAX_ATTEMPTS) {
          this.log.error({ mailId: mail.id, attempts, reason }, 'mail given up after its last attempt');
          await markMailGivenUp(this.db, mail.id, new Date().toISOString(), reason);
        } else {
          this.log.warn({ mailId: mail.id, attempts, reason }, 'mail not sent; it will be tried again');
          await markMailRetry(this.db, mail.id, new Date(Date.now() + retryDelayMs(attempts)).toISOString(), reason);
        }
      }
    }
    return due.length;
  }
}
