import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import { SITE_NAME } from '#shared/constants.ts';
import {
  PASSKEYS_MAX,
  type Passkey,
  type authenticationResponseSchema,
  passkeyMessages,
  type registrationResponseSchema,
} from '#shared/passkeys.ts';
import { SIGN_IN_CHALLENGE_MINUTES } from '#shared/two-factor.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow, WebauthnChallengesTable } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { setBoundToken } from '../users/sessions.ts';
import { hashToken } from '../http/who-is-asking.ts';
import {
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  insertWebauthnChallenge,
  listPasskeysOf,
  recordPasskeyUse,
  takeWebauthnChallenge,
} from './passkeys.repository.ts';
import { siteOrigin } from '../http/site-origin.ts';

// Passkeys (issue 29) with @simplewebauthn/server: the relying party is this
// site (PUBLIC_URL's host, or the request's when it is unset), each ceremony's
// challenge is kept server-side and bound to the browser that asked, and is
// answered once. A replayed assertion, another origin or rp id, and a counter
// that goes backwards are refused by the verification.

export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string | undefined, request: FastifyRequest): RelyingParty {
  const url = new URL(siteOrigin(publicUrl, request));
  // WebAuthn names a site by its domain: at an IP address every browser refuses, so it is said plainly here.
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) throw new AppError(400, 'validation_failed', passkeyMessages.ipAddress);
  return { id: url.hostname, origin: url.origin };
}

const CEREMONY_COOKIE = 'lv_webauthn';
const CEREMONY_PATH = '/api';
type Purpose = WebauthnChallengesTable['purpose'];

async function openCeremony(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  ceremony: { challenge: string; purpose: Purpose; userId: number | null },
): Promise<void> {
  const now = Date.now();
  const expiresAt = new Date(now + SIGN_IN_CHALLENGE_MINUTES * 60_000);
  const tokenHash = setBoundToken(request, reply, CEREMONY_COOKIE, CEREMONY_PATH, expiresAt);
  await insertWebauthnChallenge(db, { ...ceremony, tokenHash, expiresAt: expiresAt.toISOString(), createdAt: new Date(now).toISOString() });
}

/** The ceremony this browser opened, taken (answered once); one of another purpose, or none, is the client's error. */
async function takeCeremony(db: Db, request: FastifyRequest, reply: FastifyReply, purposes: Purpose[]) {
  const token = request.cookies[CEREMONY_COOKIE];
  const ceremony = token ? await takeWebauthnChallenge(db, hashToken(token)) : undefined;
  reply.clearCookie(CEREMONY_COOKIE, { path: CEREMONY_PATH });
  if (!ceremony || ceremony.expiresAt <= nowIso() || !purposes.includes(ceremony.purpose)) {
    throw new AppError(400, 'challenge_expired', passkeyMessages.ceremonyExpired);
  }
  return ceremony;
}

const transportsOf = (value: string) => (value ? (value.split(',') as AuthenticatorTransport[]) : undefined);

export async function listPasskeys(db: Db, userId: number): Promise<Passkey[]> {
  return (await listPasskeysOf(db, userId)).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }));
}

/** The options to make a passkey for this account: discoverable (it signs in alone), none of the account's own again. */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeysOf(db, user.id);
  if (existing.length >= PASSKEYS_MAX) throw new AppError(409, 'list_full', passkeyMessages.tooMany);
  const options = await generateRegistrationOptions({
    rpName: SITE_NAME,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName || user.username,
    userID: new TextEncoder().encode(`linkverse-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await openCeremony(db, request, reply, { challenge: options.challenge, purpose: 'register', userId: user.id });
  return options;
}

export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  name: string,
  response: z.infer<typeof registrationResponseSchema>,
): Promise<Passkey[]> {
  const ceremony = await takeCeremony(db, request, reply, ['register']);
  if (ceremony.userId !== user.id) throw new AppError(400, 'challenge_expired', passkeyMessages.ceremonyExpired);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError(400, 'validation_failed', passkeyMessages.notVerified);
  }
  if (!verified.verified) throw new AppError(400, 'validation_failed', passkeyMessages.notVerified);
  const { credential } = verified.registrationInfo;
  if (await findPasskeyByCredential(db, credential.id)) throw new AppError(409, 'validation_failed', passkeyMessages.notVerified);
  await insertPasskey(db, {
    userId: user.id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []).join(','),
    name,
    createdAt: nowIso(),
  });
  return listPasskeys(db, user.id);
}

export async function removePasskey(db: Db, user: UserRow, id: number): Promise<void> {
  if (!(await deletePasskey(db, user.id, id))) throw new AppError(404, 'not_found', passkeyMessages.notFound);
}

/**
 * The options to sign in with a passkey: any of this site's (the browser
 * offers them, discoverable), or, as a second factor, one of the account's.
 */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  request: FastifyRequest,
  reply: FastifyReply,
  secondFactorOf: number | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = secondFactorOf === null ? [] : await listPasskeysOf(db, secondFactorOf);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    // Alone, a passkey must verify its user (a fingerprint, a PIN): it is then two factors in one. After a password, presence is enough.
    userVerification: secondFactorOf === null ? 'required' : 'preferred',
    allowCredentials: allow.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey.transports) })),
  });
  await openCeremony(db, request, reply, {
    challenge: options.challenge,
    purpose: secondFactorOf === null ? 'sign-in' : 'second-factor',
    userId: secondFactorOf,
  });
  return options;
}

/** A passkey's assertion, verified: the account it signs in, and whether it answered a second-factor ceremony. */
export async function verifyPasskeySignIn(
  db: Db,
  rp: RelyingParty,
  request: FastifyRequest,
  reply: FastifyReply,
  response: z.infer<typeof authenticationResponseSchema>,
): Promise<{ userId: number; secondFactorOf: number | null }> {
  const ceremony = await takeCeremony(db, request, reply, ['sign-in', 'second-factor']);
  const passkey = await findPasskeyByCredential(db, response.id);
  if (!passkey) throw new AppError(401, 'invalid_credentials', passkeyMessages.unknownPasskey);
  if (ceremony.userId !== null && passkey.userId !== ceremony.userId)
    throw new AppError(401, 'invalid_credentials', passkeyMessages.notYours);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: ceremony.purpose === 'sign-in',
    });
  } catch {
    throw new AppError(401, 'invalid_credentials', passkeyMessages.notVerified);
  }
  if (!verified.verified) throw new AppError(401, 'invalid_credentials', passkeyMessages.notVerified);
  await recordPasskeyUse(db, passkey.id, verified.authenticationInfo.newCounter, nowIso());
  return { userId: passkey.userId, secondFactorOf: ceremony.userId };
}
