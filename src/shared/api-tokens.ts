import { z } from 'zod';

// Personal API tokens (issue 32): a creator's scripts act as them, within the
// scopes the token was given, on the routes the dashboard uses.

export const TOKEN_SCOPES = ['links:read', 'links:write', 'profile:read', 'profile:write', 'analytics:read'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope lets a token do, as sentences say it ('This token cannot change links'). */
export const TOKEN_SCOPE_ACTIONS: Record<TokenScope, string> = {
  'links:read': 'read links',
  'links:write': 'change links',
  'profile:read': 'read the profile and its look',
  'profile:write': 'change the profile and its look',
  'analytics:read': 'read analytics',
};

export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const TOKEN_NAME_MAX_LENGTH = 60;
/** Tokens one account may hold at once. */
export const TOKENS_PER_ACCOUNT = 20;
/** Every token begins so: a secret scanner, or a person, can tell one in a file. */
export const TOKEN_PREFIX = 'lv_';

export const apiTokenMessages = {
  nameMissing: 'Please name the token (what will use it)',
  nameTooLong: `A token's name cannot exceed ${TOKEN_NAME_MAX_LENGTH} characters`,
  scopesMissing: 'Please choose at least one thing the token may do',
  unknownScope: `Scopes are ${TOKEN_SCOPES.join(', ')}`,
  unknownExpiry: `A token lasts ${TOKEN_EXPIRY_DAYS.join(', ')} days, or until revoked`,
  tooMany: `An account holds at most ${TOKENS_PER_ACCOUNT} tokens: revoke one first`,
  /** A page the token was to act on that the person may not (issue 53). */
  unknownPage: 'Choose among your pages the ones the token may act on',
  notFound: 'Token not found',
  /** 401: a token that is unknown, revoked or expired. */
  invalid: 'This API token is not valid: it may have been revoked or have expired',
  /** 403: a route no token may call (admin, account, sign-in). */
  routeRefused: 'API tokens cannot call this route: sign in to the dashboard instead',
  /** The account's address is where its password can be reset. */
  emailRefused: 'API tokens cannot change the account’s email address: sign in to the dashboard instead',
  /** 403: a token without the route's scope. */
  missingScope: (scope: TokenScope) => `This token cannot ${TOKEN_SCOPE_ACTIONS[scope]} (it lacks the ${scope} scope)`,
} as const;

/** POST /api/me/tokens */
export const createApiTokenSchema = z.object({
  name: z
    .string({ error: apiTokenMessages.nameMissing })
    .trim()
    .min(1, apiTokenMessages.nameMissing)
    .max(TOKEN_NAME_MAX_LENGTH, apiTokenMessages.nameTooLong),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: apiTokenMessages.unknownScope }), { error: apiTokenMessages.scopesMissing })
    .min(1, apiTokenMessages.scopesMissing)
    .max(TOKEN_SCOPES.length * 2)
    .transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  /**
   * The pages it may act on, by id (issue 53): a call names one in the linkverse-page header, or acts on the first.
   * Left out or empty: the account's own first page only, as every token before pages.
   */
  pages: z
    .array(z.number({ error: apiTokenMessages.unknownPage }).int().positive(apiTokenMessages.unknownPage), {
      error: apiTokenMessages.unknownPage,
    })
    .max(100, apiTokenMessages.unknownPage)
    .default([])
    .transform((pages) => [...new Set(pages)]),
  /** Days it lasts from now; null: until revoked. */
  expiresInDays: z
    .union(
      TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)),
      { error: apiTokenMessages.unknownExpiry },
    )
    .nullable()
    .default(null),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

export const apiTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    /** The pages it may act on (ids); empty: the account's own first page only. */
    pages: z.array(z.number().int()),
    createdAt: z.string(),
    /** The last request it made (to the minute), or null: never used. */
    lastUsedAt: z.string().nullable(),
    /** When it stops working, or null: until revoked. */
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating one: the token itself, shown this once (only its hash is kept). */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() }).meta({ id: 'CreatedApiToken' });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** The OpenAPI `security` of a route a token may call with `scope`: the session cookie, or a token with that scope. */
export function sessionOrToken(scope: TokenScope): Array<Record<string, string[]>> {
  return [{ session: [] }, { token: [scope] }];
}

/** The scope a route's `security` asks of a token, or undefined: no token may call it. */
export function tokenScopeOf(security: unknown): TokenScope | undefined {
  if (!Array.isArray(security)) return undefined;
  for (const entry of security as Array<Record<string, unknown>>) {
    const scopes = entry?.token;
    if (Array.isArray(scopes) && typeof scopes[0] === 'string' && (TOKEN_SCOPES as readonly string[]).includes(scopes[0])) {
      return scopes[0] as TokenScope;
    }
  }
  return undefined;
}
