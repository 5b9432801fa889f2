import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedLanguages, languageAmong } from '#shared/i18n/languages.ts';
import * as oidc from 'openid-client';
import { DISPLAY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import { safeNextPath } from '#shared/next-path.ts';
import { SSO_SIGN_IN_MINUTES, type SsoCallbackAnswer, type SsoLink, type SsoProvider, ssoMessages } from '#shared/single-sign-on.ts';
import { authMessages, usernameSchema } from '#shared/auth.schema.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { SsoProviderConfig } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { findUserById, findUserByUsername, isConfirmedEmailInUse } from '../users/users.repository.ts';
import { isUsernameAvailable, toCurrentUser, usernameTaken } from '../users/users.service.ts';
import { createAccount } from './auth.service.ts';
import { listPasskeysOf } from './passkeys.repository.ts';
import { hasPassword } from '../users/password.ts';
import type { SecretBox } from './secret-box.ts';
import { setBoundToken, startSession } from '../users/sessions.ts';
import { hashToken } from '../http/who-is-asking.ts';
import {
  deleteSsoIdentity,
  deleteSsoSignIn,
  findSsoIdentity,
  findSsoSignIn,
  holdSsoPerson,
  insertSsoIdentity,
  insertSsoSignIn,
  listSsoIdentitiesOf,
  recordSsoUse,
  spendSsoState,
} from './single-sign-on.repository.ts';
import { type SignInChangeNotice, hasSecondFactor, openChallenge, secondFactorMethods } from './two-factor.ts';
import { siteOrigin } from '../http/site-origin.ts';

// Single sign-on through OpenID Connect (issue 29), with `openid-client`: the
// authorization code flow with PKCE, state and nonce, each sign-in bound to
// the browser that started it. The provider comes back to a page of this site
// (/login/sso/{id}), which hands the query string to the API: every refusal is
// then a 4xx with words, shown where the person is. A person with no account
// here chooses a username (a new account, with no password until they set
// one) or signs in to the account to link; nothing is made before that.

/** One provider of OIDC_PROVIDERS. */
export interface SingleSignOnDeps {
  db: Db;
  box: SecretBox;
  providers: readonly SsoProviderConfig[];
  publicUrl: string | undefined;
  notify?: SignInChangeNotice;
}

const COOKIE = 'lv_sso';
const COOKIE_PATH = '/api';
/** Discovery, the token endpoint and the provider's keys, each: a slow provider does not hold a request long. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The address the provider sends the browser back to: a page of this site, which hands the answer to the API. */
function redirectUriOf(publicUrl: string | undefined, request: FastifyRequest, provider: SsoProviderConfig): string {
  return `${new URL(siteOrigin(publicUrl, request)).origin}/login/sso/${provider.id}`;
}

const shown = ({ id, name }: SsoProviderConfig): SsoProvider => ({ id, name });

/** The provider's answer, checked: code for tokens (PKCE), state, nonce, issuer, audience, signature. */
async function personFrom(
  log: FastifyBaseLogger,
  /** Discovered only once the answer is no refusal. */
  configurationOf: () => Promise<oidc.Configuration>,
  provider: SsoProviderConfig,
  callbackUrl: URL,
  checks: { state: string; nonce: string; verifier: string },
) {
  const refused = callbackUrl.searchParams.get('error');
  if (refused !== null) {
    const reason = (callbackUrl.searchParams.get('error_description') || refused).slice(0, 200);
    throw new AppError(400, 'sso_refused', ssoMessages.refused(provider.name, reason));
  }
  const configuration = await configurationOf();
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    // What was wrong is for the operator's log; the person is told it did not check out.
    log.warn({ err: error, provider: provider.id }, "single sign-on: the provider's answer was refused");
    const name = (error as Error | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError' || (error instanceof TypeError && error.message === 'fetch failed')) {
      throw new AppError(400, 'sso_unreachable', ssoMessages.unreachable(provider.name));
    }
    throw new AppError(400, 'sso_refused', ssoMessages.unchecked(provider.name));
  }
  if (!claims) throw new AppError(400, 'sso_refused', ssoMessages.unchecked(provider.name));
  // An address the provider says it has not verified could be anyone's: it neither signs in nor makes an account.
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  if (typeof claims.email === 'string' && (claims.email_verified === false || claims.email_verified === 'false')) {
    throw new AppError(400, 'email_unverified', ssoMessages.emailUnverified(provider.name));
  }
  // One it says nothing about (Microsoft Entra sends no email_verified) is not kept: the person is known by `sub` alone.
  const email = typeof claims.email === 'string' && verified && claims.email.length <= 254 ? claims.email.toLowerCase() : null;
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, DISPLAY_NAME_MAX_LENGTH) || null : null;
  const preferred = typeof claims.preferred_username === 'string' ? claims.preferred_username : null;
  return { subject: claims.sub, email, name, preferred };
}

/** A username the person may like: from their provider name or address, when it is valid and free here. */
async function suggestUsername(db: Db, ...sources: (string | null)[]): Promise<string | null> {
  for (const source of sources) {
    const candidate = (source ?? '')
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '')
      .slice(0, USERNAME_MAX_LENGTH);
    if (usernameSchema.safeParse(candidate).success && (await isUsernameAvailable(db, candidate))) return candidate;
  }
  return null;
}

export class SingleSignOn {
  /** Discovered once per provider and kept; a failed discovery is forgotten, so the next sign-in asks again. */
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly deps: SingleSignOnDeps) {}

  private providerOf(id: string): SsoProviderConfig {
    const provider = this.deps.providers.find((candidate) => candidate.id === id);
    if (!provider) throw new AppError(404, 'not_found', ssoMessages.unknownProvider);
    return provider;
  }

  private configurationOf(provider: SsoProviderConfig, log: FastifyBaseLogger): Promise<oidc.Configuration> {
    const { configurations } = this;
    let configuration = configurations.get(provider.id);
    if (!configuration) {
      const issuer = new URL(provider.issuer);
      // OIDC_PROVIDERS takes plain http only for a provider on this machine (config.ts); anywhere else, TLS.
      const insecure = issuer.protocol === 'http:';
      configuration = oidc
        .discovery(issuer, provider.clientId, { timeout: PROVIDER_TIMEOUT_SECONDS }, oidc.ClientSecretPost(provider.clientSecret), {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          execute: insecure ? [oidc.allowInsecureRequests] : [],
        })
        .then((discovered) => {
          discovered.timeout = PROVIDER_TIMEOUT_SECONDS;
          return discovered;
        });
      configuration.catch(() => configurations.delete(provider.id));
      configurations.set(provider.id, configuration);
    }
    return configuration.catch((error: unknown) => {
      log.warn({ err: error, provider: provider.id }, 'single sign-on: the provider could not be discovered');
      throw new AppError(400, 'sso_unreachable', ssoMessages.unreachable(provider.name));
    });
  }

  /** The sign-in this browser started, live, or the error that says to start again. */
  private async signInOf(request: FastifyRequest) {
    const token = request.cookies[COOKIE];
    const signIn = token && token.length <= 100 ? await findSsoSignIn(this.deps.db, hashToken(token)) : undefined;
    if (!signIn || signIn.expiresAt <= nowIso()) throw new AppError(400, 'sso_expired', ssoMessages.notStartedHere);
    return signIn;
  }

  private async endSignIn(reply: FastifyReply, id: number) {
    await deleteSsoSignIn(this.deps.db, id);
    reply.clearCookie(COOKIE, { path: COOKIE_PATH });
  }

  /** The person a finished sign-in holds, waiting for a username or the account to link. */
  private async waitingOf(request: FastifyRequest) {
    const signIn = await this.signInOf(request).catch(() => undefined);
    if (!signIn?.subject || signIn.linkUserId !== null) throw new AppError(400, 'sso_expired', ssoMessages.noPending);
    return { ...signIn, subject: signIn.subject, provider: this.providerOf(signIn.provider) };
  }

  /** Link the provider's person to the account, refusing a person linked elsewhere and a second link to one provider. */
  private async link(user: UserRow, provider: SsoProviderConfig, subject: string, email: string | null) {
    const { db, notify } = this.deps;
    const existing = await findSsoIdentity(db, provider.id, subject);
    if (existing && existing.userId !== user.id) {
      throw new AppError(409, 'sso_linked_elsewhere', ssoMessages.linkedElsewhere(provider.name));
    }
    if (existing) return recordSsoUse(db, existing.id, email, nowIso());
    const links = await listSsoIdentitiesOf(db, user.id);
    if (links.some((candidate) => candidate.provider === provider.id)) {
      throw new AppError(409, 'sso_linked_elsewhere', ssoMessages.alreadyLinked(provider.name));
    }
    await insertSsoIdentity(db, { userId: user.id, provider: provider.id, subject, email, at: nowIso() });
    await notify?.(user, 'sso_linked');
  }

  /** What the login page offers. */
  providers(): SsoProvider[] {
    return this.deps.providers.map(shown);
  }

  /** The provider's address to send the browser to, with this sign-in's checks kept for its answer. */
  async start(
    request: FastifyRequest,
    reply: FastifyReply,
    providerId: string,
    { next, linkUser }: { next?: string; linkUser?: UserRow },
  ): Promise<string> {
    const { db, box } = this.deps;
    const provider = this.providerOf(providerId);
    const configuration = await this.configurationOf(provider, request.log);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const now = Date.now();
    const expiresAt = new Date(now + SSO_SIGN_IN_MINUTES * 60_000);
    // SameSite=Strict holds: the way back from the provider is a cross-site navigation that needs no cookie; the page's own call then sends it.
    const tokenHash = setBoundToken(request, reply, COOKIE, COOKIE_PATH, expiresAt);
    await insertSsoSignIn(db, {
      tokenHash,
      provider: provider.id,
      state,
      nonce,
      sealedVerifier: box.seal(verifier),
      linkUserId: linkUser?.id ?? null,
      nextPath: next === undefined ? null : safeNextPath(next),
      subject: null,
      email: null,
      name: null,
      expiresAt: expiresAt.toISOString(),
      createdAt: new Date(now).toISOString(),
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUriOf(this.deps.publicUrl, request, provider),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return url.href;
  }

  /** The provider's answer, from the page it came back to: signed in, a second factor asked, a choice, or linked. */
  async finish(request: FastifyRequest, reply: FastifyReply, providerId: string, query: string): Promise<SsoCallbackAnswer> {
    const { db, box } = this.deps;
    const provider = this.providerOf(providerId);
    const signIn = await this.signInOf(request);
    const callbackUrl = new URL(redirectUriOf(this.deps.publicUrl, request, provider));
    callbackUrl.search = query.startsWith('?') ? query : `?${query}`;
    // Another provider's answer, an answer used before, or a state that is not this sign-in's: refused before the provider is asked.
    if (signIn.provider !== provider.id || signIn.subject !== null || callbackUrl.searchParams.get('state') !== signIn.state) {
      throw new AppError(400, 'sso_expired', ssoMessages.notStartedHere);
    }
    if (!(await spendSsoState(db, signIn.id, signIn.state))) throw new AppError(400, 'sso_expired', ssoMessages.expired);
    const verifier = box.open(signIn.sealedVerifier);
    if (verifier === undefined) throw new AppError(400, 'sso_expired', ssoMessages.expired);
    let person: Awaited<ReturnType<typeof personFrom>>;
    try {
      person = await personFrom(request.log, () => this.configurationOf(provider, request.log), provider, callbackUrl, {
        state: signIn.state,
        nonce: signIn.nonce,
        verifier,
      });
    } catch (error) {
      await this.endSignIn(reply, signIn.id);
      throw error;
    }
    const next = signIn.nextPath ?? '/dashboard';

    if (signIn.linkUserId !== null) {
      // Started from Account: only the account that started it is linked, and only while it is still signed in here.
      await this.endSignIn(reply, signIn.id);
      if (request.account?.id !== signIn.linkUserId) throw new AppError(403, 'forbidden', ssoMessages.wrongAccount);
      await this.link(request.account, provider, person.subject, person.email);
      return { outcome: 'linked', provider: shown(provider) };
    }

    const identity = await findSsoIdentity(db, provider.id, person.subject);
    if (identity) {
      await this.endSignIn(reply, signIn.id);
      const user = await findUserById(db, identity.userId);
      if (!user || user.isActive !== 1) throw new AppError(403, 'account_deactivated', authMessages.accountDeactivated);
      await recordSsoUse(db, identity.id, person.email, nowIso());
      // The provider stands for the password: an account with a second factor still gives it.
      if (await hasSecondFactor(db, user.id)) {
        await openChallenge(db, request, reply, user.id);
        return { outcome: 'second_factor', methods: await secondFactorMethods(db, user.id), next };
      }
      await startSession(db, request, reply, user.id);
      return { outcome: 'signed_in', user: toCurrentUser(user), next };
    }

    // Nobody here yet: the person waits, bound to this browser, for a username or the account to link.
    await holdSsoPerson(db, signIn.id, {
      subject: person.subject,
      email: person.email,
      name: person.name,
      expiresAt: new Date(Date.now() + SSO_SIGN_IN_MINUTES * 60_000).toISOString(),
    });
    return {
      outcome: 'choose',
      provider: shown(provider),
      email: person.email,
      name: person.name,
      suggestedUsername: await suggestUsername(this.deps.db, person.preferred, person.email, person.name),
      emailInUse: person.email !== null && (await isConfirmedEmailInUse(db, person.email)),
    };
  }

  /** A new account for the waiting person, with the username they chose: no password until they set one. */
  async createAccountForWaiting(request: FastifyRequest, reply: FastifyReply, username: string): Promise<UserRow> {
    const { db } = this.deps;
    const waiting = await this.waitingOf(request);
    if (await findSsoIdentity(db, waiting.provider.id, waiting.subject)) {
      await this.endSignIn(reply, waiting.id);
      throw new AppError(409, 'sso_linked_elsewhere', ssoMessages.linkedElsewhere(waiting.provider.name));
    }
    // The address is the provider's verified one; kept unless another account here already uses it.
    const email = waiting.email && !(await isConfirmedEmailInUse(db, waiting.email)) ? waiting.email : null;
    let user: UserRow;
    try {
      user = await db.transaction().execute(async (trx) => {
        // The browser's language, as the sign-up form suggests it (issue 54); changed any time in Account.
        const language = languageAmong(acceptedLanguages(request.headers['accept-language'])) ?? null;
        const created = await createAccount(trx, { username, passwordHash: '', displayName: waiting.name || username, email, language });
        await insertSsoIdentity(trx, {
          userId: created.id,
          provider: waiting.provider.id,
          subject: waiting.subject,
          email,
          at: nowIso(),
        });
        return created;
      });
    } catch (error) {
      // Another sign-up took the name meanwhile (PostgreSQL then aborts the transaction before it can be asked there).
      if (!(error instanceof AppError) && (await findUserByUsername(db, username))) throw usernameTaken();
      throw error;
    }
    await this.endSignIn(reply, waiting.id);
    await startSession(db, request, reply, user.id);
    return user;
  }

  /** After the person signed in to an account of theirs (password, second factor, or passkey): link the one waiting. */
  async linkWaiting(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<SsoLink[]> {
    const waiting = await this.waitingOf(request);
    await this.endSignIn(reply, waiting.id);
    await this.link(user, waiting.provider, waiting.subject, waiting.email);
    return this.links(user.id);
  }

  /** Account's list: providers no longer configured are left out (they cannot sign in). */
  async links(userId: number): Promise<SsoLink[]> {
    const { db } = this.deps;
    const rows = await listSsoIdentitiesOf(db, userId);
    return rows.flatMap((row) => {
      const provider = this.deps.providers.find((candidate) => candidate.id === row.provider);
      return provider
        ? [{ id: row.id, provider: shown(provider), email: row.email, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt }]
        : [];
    });
  }

  /** Unlink, as long as another way to sign in remains. */
  async unlink(user: UserRow, id: number): Promise<void> {
    const { db, notify } = this.deps;
    const links = await this.links(user.id);
    if (!links.some((candidate) => candidate.id === id)) throw new AppError(404, 'not_found', ssoMessages.notFound);
    await this.assertAnotherWay(user, { ssoLinkId: id });
    await deleteSsoIdentity(db, user.id, id);
    await notify?.(user, 'sso_unlinked');
  }

  /** Refuses to take away the last way to sign in: a password, a passkey, or a configured provider's link. */
  async assertAnotherWay(user: UserRow, removing: { ssoLinkId: number } | { passkeyId: number }): Promise<void> {
    const { db } = this.deps;
    if (hasPassword(user)) return;
    const passkeys = await listPasskeysOf(db, user.id);
    const links = await this.links(user.id);
    const ways =
      passkeys.filter((passkey) => !('passkeyId' in removing) || passkey.id !== removing.passkeyId).length +
      links.filter((candidate) => !('ssoLinkId' in removing) || candidate.id !== removing.ssoLinkId).length;
    if (ways === 0) throw new AppError(409, 'last_sign_in_way', ssoMessages.lastWay);
  }
}
