import { z } from 'zod';
import { usernameSchema } from './auth.schema.ts';
import { currentUserSchema } from './user.types.ts';

// Single sign-on (issue 29, OpenID Connect): the operator names providers in
// OIDC_PROVIDERS; the login page offers "Continue with {name}". A provider's
// person signs in to the account linked to them; the first time, they choose
// a username (a new account) or sign in to the account to link. Account lists
// the links and unlinks one while another way to sign in remains.

/** How long a sign-in may stay at the provider, and then wait for a username or the account to link. */
export const SSO_SIGN_IN_MINUTES = 15;
/** The query string a provider sends back (code, state, iss, or an error and its description). */
export const SSO_CALLBACK_MAX_LENGTH = 4096;
/** A provider's id: in addresses (/login/sso/{id}) and stored with each link. */
export const SSO_PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

export const ssoMessages = {
  unknownProvider: 'This site has no such sign-in provider.',
  expired: 'This sign-in has expired or was already used. Please start again.',
  notStartedHere: 'This sign-in was started in another browser or tab, or has expired. Please start again.',
  refused: (provider: string, reason: string) => `${provider} did not sign you in: ${reason}`,
  unchecked: (provider: string) => `${provider}'s answer could not be checked, so nobody was signed in. Please try again.`,
  unreachable: (provider: string) => `${provider} could not be reached just now. Please try again in a minute.`,
  emailUnverified: (provider: string) =>
    `${provider} has not verified this account's email address, so it cannot sign in here. Verify it with ${provider}, or sign in another way.`,
  linkedElsewhere: (provider: string) => `This ${provider} account is already linked to another account here.`,
  alreadyLinked: (provider: string) => `This account is already linked to another ${provider} account. Unlink it first.`,
  wrongAccount: 'This link was started by another account. Please start again from Account.',
  noPending: 'No single sign-on is waiting to be linked in this browser. Please start again.',
  lastWay: 'This is the only way left to sign in to this account. Set a password or add a passkey first.',
  notFound: 'Linked sign-in not found',
  callbackMissing: 'The provider sent nothing back. Please start again.',
} as const;

/** One provider as screens show it: no issuer, client or secret. */
export const ssoProviderSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'SsoProvider' });
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoProviderParam = z.string().regex(SSO_PROVIDER_ID_PATTERN, ssoMessages.unknownProvider);

/** POST /api/auth/sso/{provider}/start: where to come back to afterwards. */
export const ssoStartSchema = z.strictObject({ next: z.string().max(2048).optional() });

/** POST /api/auth/sso/{provider}/callback: the query string the provider sent the browser back with. */
export const ssoCallbackSchema = z.strictObject({
  query: z.string({ error: ssoMessages.callbackMissing }).min(1, ssoMessages.callbackMissing).max(SSO_CALLBACK_MAX_LENGTH),
});

/** POST /api/auth/sso/complete: a new account for the person waiting, with the username they chose. */
export const ssoCompleteSchema = z.strictObject({ username: usernameSchema });

export const ssoStartAnswerSchema = z.object({ url: z.string() });

/** What the provider's answer led to. */
export const ssoCallbackAnswerSchema = z
  .discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('signed_in'), user: currentUserSchema, next: z.string() }),
    /** The linked account has a second factor: the login page's second step, as after a password. */
    z.object({
      outcome: z.literal('second_factor'),
      methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
      next: z.string(),
    }),
    /** Nobody here is linked to this person: choose a username, or sign in to the account to link. */
    z.object({
      outcome: z.literal('choose'),
      provider: ssoProviderSchema,
      email: z.string().nullable(),
      name: z.string().nullable(),
      suggestedUsername: z.string().nullable(),
      /** An account here already has this (verified) address: linking is what the person most likely wants. */
      emailInUse: z.boolean(),
    }),
    /** Started from Account: the provider's person is now linked to the signed-in account. */
    z.object({ outcome: z.literal('linked'), provider: ssoProviderSchema }),
  ])
  .meta({ id: 'SsoCallbackAnswer' });
export type SsoCallbackAnswer = z.infer<typeof ssoCallbackAnswerSchema>;

/** A provider linked to the account (Account → Single sign-on). */
export const ssoLinkSchema = z
  .object({
    id: z.number().int(),
    provider: ssoProviderSchema,
    email: z.string().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'SsoLink' });
export type SsoLink = z.infer<typeof ssoLinkSchema>;
