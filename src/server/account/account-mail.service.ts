import { randomBytes } from 'node:crypto';
import { EMAIL_CONFIRMATION_HOURS, accountMessages, confirmEmailLinkPath } from '#shared/account.ts';
import { DAY_MS } from '#shared/constants.ts';
import { EMAIL_RESET_LINK_MINUTES } from '#shared/password-reset.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { hashToken } from '../http/who-is-asking.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import { emailChangedNotice, emailConfirmationMail, passwordResetMail, signInChangedNotice } from '../mail/mail-templates.ts';
import type { SignInChange } from '#shared/two-factor.ts';
import { findUserById, updateUser } from '../users/users.repository.ts';
import { findAccountsForReset, insertEmailConfirmation, useEmailConfirmation } from './email-confirmations.repository.ts';
import { createResetLink } from './password-reset.service.ts';
import { countMailedResetTokensSince } from './password-reset.repository.ts';
import type { RateLimitRule } from '../config.ts';

/** Accounts one forgot-password request may reach (a shared confirmed address). */
const RESET_MAIL_ACCOUNTS = 5;
/** A notice about a changed address is worth sending for a week. */
const NOTICE_VALID_MS = 7 * DAY_MS;

/**
 * The account's mail: confirming an address, telling the old one of a change,
 * and reset links by email. Mail is queued in the outbox in the same
 * transaction as what it is about, so that neither exists without the other.
 */
export class AccountMail {
  /**
   * `origin`: PUBLIC_URL, where links in mail point (never a request's Host, which anyone can forge).
   * `resetsPerAccount`: reset links mailed to one account in a window, however its name or address was typed.
   */
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly origin: string,
    private readonly resetsPerAccount: RateLimitRule,
  ) {}

  /** Whether mail reaches its recipient, rather than the administrator's Outbox (no SMTP). */
  get delivers(): boolean {
    return this.outbox.delivers;
  }

  private async queueConfirmation(trx: Db, user: UserRow, email: string, now: number): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + EMAIL_CONFIRMATION_HOURS * 3600_000).toISOString();
    await insertEmailConfirmation(trx, {
      id: hashToken(token),
      userId: user.id,
      email,
      createdAt: new Date(now).toISOString(),
      expiresAt,
      usedAt: null,
    });
    const content = emailConfirmationMail(
      user.language,
      this.origin,
      user.username,
      `${this.origin}${confirmEmailLinkPath(token, user.language)}`,
      EMAIL_CONFIRMATION_HOURS,
    );
    await this.outbox.queue(trx, { recipient: email, ...content, expiresAt });
  }

  /** After the Profile tab saved a new address: a link to confirm it, and a word to the old one if it was confirmed. */
  async emailChanged(before: UserRow, after: UserRow, now = Date.now()): Promise<void> {
    if (before.email?.toLowerCase() === after.email?.toLowerCase()) return;
    await this.db.transaction().execute(async (trx) => {
      if (after.email) await this.queueConfirmation(trx, after, after.email, now);
      if (before.email && before.emailConfirmedAt) {
        const notice = emailChangedNotice(after.language, this.origin, after.username, after.email);
        await this.outbox.queue(trx, { recipient: before.email, ...notice, expiresAt: new Date(now + NOTICE_VALID_MS).toISOString() });
      }
    });
    this.outbox.kick();
  }

  /** A change to how the account signs in (issue 29), told to its confirmed address. */
  async signInChanged(user: UserRow, change: SignInChange, now = Date.now()): Promise<void> {
    if (!user.email || !user.emailConfirmedAt) return;
    const notice = signInChangedNotice(user.language, this.origin, user.username, change);
    await this.outbox.queue(this.db, { recipient: user.email, ...notice, expiresAt: new Date(now + NOTICE_VALID_MS).toISOString() });
    this.outbox.kick();
  }

  /** Send the confirmation link (again). */
  async resendConfirmation(user: UserRow, now = Date.now()): Promise<string> {
    if (!user.email) throw new AppError(400, 'no_email', accountMessages.noEmail);
    if (user.emailConfirmedAt) throw new AppError(400, 'already_confirmed', accountMessages.alreadyConfirmed);
    const email = user.email;
    await this.db.transaction().execute((trx) => this.queueConfirmation(trx, user, email, now));
    this.outbox.kick();
    return email;
  }

  /**
   * Follow a confirmation link: once, before it expires, and only for the
   * address the account still has. Anything else gets one message.
   */
  async confirmEmail(token: string, now = Date.now()): Promise<UserRow> {
    const at = new Date(now).toISOString();
    const confirmed = await this.db.transaction().execute(async (trx) => {
      const used = await useEmailConfirmation(trx, hashToken(token), at);
      const user = used && (await findUserById(trx, used.userId));
      if (!user || user.email?.toLowerCase() !== used.email.toLowerCase()) return undefined;
      await updateUser(trx, user.id, { emailConfirmedAt: at });
      return (await findUserById(trx, user.id))!;
    });
    if (!confirmed) throw new AppError(400, 'confirm_link_invalid', accountMessages.confirmLinkInvalid);
    return confirmed;
  }

  /**
   * Forgot password: a reset link to each account the username or confirmed
   * address names, looked up off the request path: the caller answers the
   * same whatever happens, at once, so that neither the answer nor its timing
   * tells whether an account exists.
   */
  /** Reset mails are made one after another, so that each counts the links mailed before it (resetsPerAccount). */
  private resetMails: Promise<void> = Promise.resolve();

  forgotPassword(identifier: string, now = Date.now()): void {
    this.outbox.later(() => {
      const turn = this.resetMails.then(() => this.mailResetLinks(identifier, now));
      this.resetMails = turn.catch(() => undefined);
      return turn;
    }, 'forgot password');
  }

  private async mailResetLinks(identifier: string, now: number): Promise<void> {
    const accounts = await findAccountsForReset(this.db, identifier, RESET_MAIL_ACCOUNTS);
    if (accounts.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const account of accounts) {
        // Counted by the account, not by what was typed: its username and its address are one account (issue 51).
        const since = new Date(now - this.resetsPerAccount.timeWindowMs).toISOString();
        if ((await countMailedResetTokensSince(trx, account.id, since)) >= this.resetsPerAccount.max) continue;
        const link = await createResetLink(trx, account.id, {
          hours: EMAIL_RESET_LINK_MINUTES / 60,
          createdBy: null,
          origin: this.origin,
          language: account.language,
          now,
        });
        const content = passwordResetMail(account.language, this.origin, account.username, link.url, EMAIL_RESET_LINK_MINUTES);
        await this.outbox.queue(trx, { recipient: account.email!, ...content, expiresAt: link.expiresAt });
      }
    });
    this.outbox.kick();
  }
}
