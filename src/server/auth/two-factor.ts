import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { SITE_NAME } from '#shared/constants.ts';
import {
  RECOVERY_CODE_COUNT,
  SIGN_IN_CHALLENGE_ATTEMPTS,
  SIGN_IN_CHALLENGE_MINUTES,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  type SignInChange,
  type TotpSetup,
  type TwoFactorStatus,
  twoFactorMessages,
} from '#shared/two-factor.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { SecretBox } from './secret-box.ts';
import { setBoundToken } from '../users/sessions.ts';
import { hashToken } from '../http/who-is-asking.ts';
import {
  confirmTotpFactor,
  countChallengeAttempt,
  countRecoveryCodesLeft,
  deleteChallenge,
  deleteSecondFactors,
  findChallenge,
  findTotpFactor,
  insertChallenge,
  replaceRecoveryCodes,
  savePendingTotp,
  takeRecoveryCode,
  takeTotpStep,
} from './two-factor.repository.ts';
import { deletePasskeysOf, listPasskeysOf } from './passkeys.repository.ts';

// A second factor at sign-in (issue 29): an authenticator app (RFC 6238, by
// `otpauth`) and single-use recovery codes. A code is accepted one step either
// side of now, and never twice: the step it was accepted for is kept.

/** Tells the account's confirmed address of a change to how it signs in (nothing when the site sends no mail). */
export type SignInChangeNotice = (user: UserRow, change: SignInChange) => Promise<void>;

export interface TwoFactorDeps {
  db: Db;
  box: SecretBox;
  notify?: SignInChangeNotice;
  /** Tests only: the time codes are checked at. */
  clock?: () => number;
}

const CHALLENGE_COOKIE = 'lv_challenge';
const CHALLENGE_PATH = '/api/auth';

function totpOf(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: SITE_NAME,
    label: username,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step a code is right for (one either side of now), or null for a wrong code. */
function stepOf(totp: TOTP, code: string, now: number): number | null {
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Ten codes of ten letters and digits (about 51 bits each), shown as xxxxx-xxxxx; only their sha256 is kept. */
function makeRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}
const recoveryHashOf = (code: string) => hashToken(code.replace(/-/g, '').toLowerCase());

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const factor = await findTotpFactor(db, userId);
  return { totp: Boolean(factor?.confirmedAt), recoveryCodesLeft: factor?.confirmedAt ? await countRecoveryCodesLeft(db, userId) : 0 };
}

/** What the second step may take: the app's code and a recovery code, and a passkey when the account has one. */
export async function secondFactorMethods(db: Db, userId: number): Promise<('totp' | 'recovery' | 'passkey')[]> {
  const passkeys = await listPasskeysOf(db, userId);
  return passkeys.length > 0 ? ['totp', 'recovery', 'passkey'] : ['totp', 'recovery'];
}

/** Whether sign-in asks this user for a second factor (the app: a passkey alone signs in without one). */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  return Boolean((await findTotpFactor(db, userId))?.confirmedAt);
}

/** A new secret to scan. Sign-in does not ask for it until a code confirms it. */
export async function beginTotpSetup({ db, box }: TwoFactorDeps, user: UserRow): Promise<TotpSetup> {
  if (await hasSecondFactor(db, user.id)) throw new AppError(409, 'already_enabled', twoFactorMessages.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await savePendingTotp(db, user.id, box.seal(secret), nowIso());
  const uri = totpOf(secret, user.username).toString();
  const qrSvg = await QRCode.toString(uri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return { secret, uri, qrSvg };
}

/** The first code confirms the app: sign-in asks for codes from now on. Answers the recovery codes, this once. */
export async function confirmTotp({ db, box, clock = Date.now }: TwoFactorDeps, user: UserRow, code: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const factor = await findTotpFactor(trx, user.id);
    if (!factor) throw new AppError(400, 'not_enabled', twoFactorMessages.notSetUp);
    if (factor.confirmedAt) throw new AppError(409, 'already_enabled', twoFactorMessages.alreadyOn);
    const secret = box.open(factor.secret);
    const step = secret ? stepOf(totpOf(secret, user.username), code, clock()) : null;
    if (step === null)
      throw new AppError(400, 'invalid_code', twoFactorMessages.codeInvalid, { fieldErrors: { code: twoFactorMessages.codeInvalid } });
    const at = nowIso();
    await confirmTotpFactor(trx, user.id, step, at);
    const codes = makeRecoveryCodes();
    await replaceRecoveryCodes(trx, user.id, codes.map(recoveryHashOf), at);
    return codes;
  });
}

/**
 * A code from the app, checked and taken: right (one step either side), and
 * for a step later than the last one taken. Throws the client's error otherwise.
 */
export async function takeTotpCode(
  { db, box, clock = Date.now }: TwoFactorDeps,
  user: Pick<UserRow, 'id' | 'username'>,
  code: string,
): Promise<void> {
  const factor = await findTotpFactor(db, user.id);
  if (!factor?.confirmedAt) throw new AppError(400, 'not_enabled', twoFactorMessages.notOn);
  const secret = box.open(factor.secret);
  const step = secret ? stepOf(totpOf(secret, user.username), code, clock()) : null;
  const invalid = (message: string, errorCode: 'invalid_code' | 'code_reused') =>
    new AppError(401, errorCode, message, { fieldErrors: { code: message } });
  if (step === null) throw invalid(twoFactorMessages.codeInvalid, 'invalid_code');
  if (!(await takeTotpStep(db, user.id, step))) throw invalid(twoFactorMessages.codeReused, 'code_reused');
}

export async function takeRecovery(db: Db, userId: number, code: string): Promise<void> {
  if (!(await takeRecoveryCode(db, userId, recoveryHashOf(code), nowIso()))) {
    throw new AppError(401, 'invalid_code', twoFactorMessages.recoveryInvalid, {
      fieldErrors: { recoveryCode: twoFactorMessages.recoveryInvalid },
    });
  }
}

export async function newRecoveryCodes(db: Db, user: UserRow): Promise<string[]> {
  if (!(await hasSecondFactor(db, user.id))) throw new AppError(400, 'not_enabled', twoFactorMessages.notOn);
  const codes = makeRecoveryCodes();
  await replaceRecoveryCodes(db, user.id, codes.map(recoveryHashOf), nowIso());
  return codes;
}

/** The app and its recovery codes gone: sign-in asks for the password alone. */
export async function turnOffTotp(db: Db, userId: number): Promise<void> {
  await deleteSecondFactors(db, userId);
}

/** For a user who lost their phone (an admin): the app, the recovery codes and the passkeys all go. */
export async function removeSecondFactors(db: Db, userId: number): Promise<boolean> {
  return (await deleteSecondFactors(db, userId)) + (await deletePasskeysOf(db, userId)) > 0;
}

/** REQUIRE_ADMIN_2FA: the admin scope's second guard, after the admin check: an admin without a second factor is sent to set one up. */
export function adminSecondFactorGate(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    const admin = request.user;
    if (admin && !(await hasSecondFactor(db, admin.id))) {
      throw new AppError(403, 'second_factor_required', twoFactorMessages.adminNeedsSecondFactor);
    }
  };
}

// ---------------------------------------------------------------- The challenge

/**
 * After a right password, for an account with a second factor: a challenge
 * bound to this browser (a cookie scoped to /api/auth, five minutes), not a session.
 */
export async function openChallenge(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const now = Date.now();
  const expiresAt = new Date(now + SIGN_IN_CHALLENGE_MINUTES * 60_000);
  const tokenHash = setBoundToken(request, reply, CHALLENGE_COOKIE, CHALLENGE_PATH, expiresAt);
  await insertChallenge(db, userId, tokenHash, expiresAt.toISOString(), new Date(now).toISOString());
}

/** The challenge this browser holds, live, or the error that says to give the password again. */
export async function challengeOf(db: Db, request: FastifyRequest) {
  const token = request.cookies[CHALLENGE_COOKIE];
  const challenge = token ? await findChallenge(db, hashToken(token)) : undefined;
  if (!challenge || challenge.expiresAt <= nowIso() || challenge.attempts >= SIGN_IN_CHALLENGE_ATTEMPTS) {
    if (challenge) await deleteChallenge(db, challenge.id);
    throw new AppError(401, 'challenge_expired', twoFactorMessages.challengeExpired);
  }
  return challenge;
}

/** A wrong code given for the challenge: past the bound, the password is asked again. */
export async function countWrongCode(db: Db, challengeId: number): Promise<void> {
  await countChallengeAttempt(db, challengeId);
}

export async function closeChallenge(db: Db, reply: FastifyReply, challengeId: number): Promise<void> {
  await deleteChallenge(db, challengeId);
  reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_PATH });
}
