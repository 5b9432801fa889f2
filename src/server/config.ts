import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RETENTION_DAYS } from '#shared/analytics.ts';
import { ANALYTICS_PERIODS } from '#shared/constants.ts';
import { type Plan, SITE_NAME } from '#shared/constants.ts';
import { DEFAULT_PLAN_LIMITS, type PlanLimits } from '#shared/plans.ts';
import { DEFAULT_PRICES, PURCHASE_ITEMS, type Prices } from '#shared/purchases.ts';
import { SSO_PROVIDER_ID_PATTERN } from '#shared/single-sign-on.ts';
import type { SsoProviderConfig } from './auth/single-sign-on.ts';
import { MEMORY_BOUNDS } from './memory-bounds.ts';

// Configuration comes from the environment, validated once at start
// (DESIGN.md "Configuration"); a bad value names its variable.

const trustProxySchema = z
  .string()
  .trim()
  .transform((value): boolean | number | string => {
    if (value === 'true') return true;
    if (value === 'false' || value === '') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

/** An address other servers are reached at: https, or plain http on this machine's own address (tests' stand-ins). */
function isHttpsOrLoopback(address: string): boolean {
  const url = new URL(address);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** A setting written as JSON: parsed, or refused with `message` (which shows the shape). */
function jsonSetting(message: string) {
  return z.string().transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });
}

/** OIDC_PROVIDERS: a JSON array of single sign-on providers (issue 29). */
const oidcProvidersSchema = jsonSetting(
  'must be a JSON array such as [{"name":"Keycloak","issuer":"https://…","clientId":"…","clientSecret":"…"}]',
).pipe(
  z
    .array(
      z
        .strictObject({
          id: z.string().regex(SSO_PROVIDER_ID_PATTERN, 'an id is lowercase letters, digits and hyphens (at most 32)').optional(),
          name: z.string().trim().min(1, 'each provider needs a name').max(40),
          issuer: z
            .url({ protocol: /^https?$/, error: "each provider's issuer must be its https address" })
            .refine(isHttpsOrLoopback, "an issuer must be https (plain http only on this machine's own address)"),
          clientId: z.string().min(1, 'each provider needs its clientId'),
          clientSecret: z.string().min(1, 'each provider needs its clientSecret'),
        })
        .transform(({ id, ...provider }) => ({
          ...provider,
          id:
            id ??
            provider.name
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, '-')
              .replace(/^-+|-+$/g, '')
              .slice(0, 32),
        })),
    )
    .max(10)
    .refine(
      (providers) => providers.every(({ id }) => SSO_PROVIDER_ID_PATTERN.test(id)),
      'give each provider an "id" (lowercase letters, digits, hyphens)',
    )
    .refine((providers) => new Set(providers.map(({ id }) => id)).size === providers.length, 'two providers have the same id'),
);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://links.example.com' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+(:\d+)?$/, 'must be a host name such as links.example.com')
    .optional(),
  TRUST_PROXY: trustProxySchema.default(false),
  PLAN_LIMITS: jsonSetting('must be JSON such as {"free":{"links":10}}')
    .pipe(
      z
        .object(
          Object.fromEntries(
            (['free', 'pro', 'business'] as const).map((plan) => [
              plan,
              z
                .object({
                  links: z.number().int().positive().nullable().optional(),
                  uploadBytes: z.number().int().positive().optional(),
                  analyticsDays: z
                    .array(z.union(ANALYTICS_PERIODS.map((days) => z.literal(days))))
                    .refine((periods) => periods.includes(7), 'analyticsDays must include 7')
                    .transform((periods) => ANALYTICS_PERIODS.filter((days) => periods.includes(days)))
                    .optional(),
                  analyticsExport: z.boolean().optional(),
                  customFonts: z.boolean().optional(),
                  allThemes: z.boolean().optional(),
                  allLayouts: z.boolean().optional(),
                  removeBranding: z.boolean().optional(),
                  verifiedBadge: z.boolean().optional(),
                  customDomain: z.boolean().optional(),
                })
                .strict()
                .optional(),
            ]),
          ),
        )
        .strict(),
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  ACCESS_LOG: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  DISCORD_PRESENCE_API: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL of a Lanyard-compatible API, such as https://api.lanyard.rest/v1' })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://api.lanyard.rest/v1'),
  DISCORD_CDN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, such as https://cdn.discordapp.com' })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://cdn.discordapp.com'),
  ANALYTICS_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(3650)
    .default(DEFAULT_RETENTION_DAYS),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase PostgreSQL identifier (letters, digits, _)')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be letters, digits and : . _ - (at most 64)')
    .default('linkverse:'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(600_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(3_600_000)
    .default(30_000),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, such as smtps://user:password@mail.example.com:465' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(0)
    .max(365)
    .default(30),
  COMMUNITY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://discord.gg/your-invite' }).optional(),
  SOCIAL_PROOF: z.string().trim().min(1).max(120, 'must be at most 120 characters').optional(),
  LINK_CHECKS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  LINK_CHECKS_ALLOW_LOOPBACK: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  EMBED_PREVIEWS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  EMBED_PREVIEWS_ALLOW_LOOPBACK: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  EMBED_OEMBED_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  LINKTREE_IMPORT: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  LINKTREE_IMPORT_ALLOW_LOOPBACK: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  LINKTREE_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  SECRET_KEY: z.string().trim().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
  REQUIRE_ADMIN_2FA: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  OIDC_PROVIDERS: oidcProvidersSchema.optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'must be a three-letter currency code such as usd or eur')
    .default('usd'),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL (tests only: a local server speaking Stripe's API)" })
    .refine(isHttpsOrLoopback, "must be https (plain http only on this machine's own address)")
    .optional(),
  PRICES: jsonSetting('must be JSON in cents, such as {"pro":999,"business":2499}')
    .pipe(z.object(Object.fromEntries(PURCHASE_ITEMS.map((item) => [item, z.number().int().min(50).max(99_999_999).optional()]))).strict())
    .optional(),
  DNS_SERVERS: z
    .string()
    .trim()
    .transform((list) =>
      list
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i,
              'must be DNS server addresses, comma-separated, such as 1.1.1.1,8.8.8.8 or 127.0.0.1:5353',
            ),
        )
        .max(8),
    )
    .optional(),
  TLS_ASK_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).optional(),
  PAGE_CACHE_MB: z.coerce.number({ error: 'must be a number of megabytes' }).positive('must be more than 0').max(1_000_000).optional(),
});

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  currency: string;
  /** PUBLIC_URL: where Stripe sends the buyer back. */
  origin: string;
  apiUrl?: string;
}

export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate each run in a fresh one). */
  databaseSchema?: string;
  redisUrl?: string;
  /** Prefix of every Redis key and channel: instances of one site share it (tests isolate with it). */
  redisPrefix: string;
  publicUrl?: string;
  baseDomain?: string;
  trustProxy: boolean | number | string;
  /** PostgreSQL: how long to wait for a connection (DATABASE_CONNECT_TIMEOUT_MS). */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: the longest a statement may run, or wait for a database that stopped answering (DATABASE_STATEMENT_TIMEOUT_MS). */
  databaseStatementTimeoutMs: number;
  logLevel: string;
  /** pretty: one readable line per entry (the default on a terminal); json: pino's lines, for log collectors. */
  logFormat: 'json' | 'pretty';
  /** One line per request, public pages included (off by default: they are the hot path). */
  accessLog: boolean;
  /** Requests slower than this are always logged. */
  slowRequestMs: number;
  /** METRICS_TOKEN: when set, GET /metrics answers a scraper sending it as a bearer token. */
  metricsToken?: string;
  /** The rendered-page cache's budget in bytes (PAGE_CACHE_MB). */
  pageCacheBytes: number;
  /** Base URL of the Lanyard-compatible API the server asks for Discord presence (DISCORD_PRESENCE_API). */
  discordPresenceApi: string;
  /** Where Discord's avatar images come from (DISCORD_CDN); this server fetches them, the browser never does. */
  discordCdn: string;
  /** Raw analytics events older than this many days are deleted; the daily figures stay (ANALYTICS_RETENTION_DAYS). */
  analyticsRetentionDays: number;
  /** Where the built SPA lives; missing in API tests, which need no pages. */
  webRoot?: string;
  planLimits: Record<Plan, PlanLimits>;
  /** SMTP_URL and MAIL_FROM: set, the site sends mail; unset, nothing pretends to. Links in mail point to PUBLIC_URL (`origin`). */
  mail?: { smtpUrl: string; from: string; origin: string };
  /** How long a deleted account can still be taken back before it is removed for good (ACCOUNT_DELETION_GRACE_DAYS). */
  accountDeletionGraceDays: number;
  /** COMMUNITY_URL: where the site's Community link goes; unset, there is no such link. */
  communityUrl?: string;
  /** SOCIAL_PROOF: the operator's own line in place of the site's creator count (landing and sign-in pages). */
  socialProof?: string;
  /**
   * SECRET_KEY: seals the secrets a sign-in needs back (authenticator apps' secrets). Unset, a key is made once
   * in DATA_DIR/secret.key; several instances must share one, so set it there.
   */
  secretKey?: string;
  /**
   * OIDC_PROVIDERS: single sign-on providers (OpenID Connect), each offered on the login page as "Continue with {name}".
   * Each one's redirect address is PUBLIC_URL/login/sso/{id}.
   */
  ssoProviders: SsoProviderConfig[];
  /**
   * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (and PUBLIC_URL): plans and add-ons are bought through Stripe Checkout,
   * in STRIPE_CURRENCY; unset, an admin gives plans. STRIPE_API_URL: tests only, a local server speaking Stripe's API.
   */
  payments?: StripeSettings;
  /**
   * Custom domains (issue 33 §3), served when PUBLIC_URL names the site. DNS_SERVERS: the resolvers that check the
   * TXT records (unset: the system's). TLS_ASK_PORT: Caddy's on-demand TLS asks there, on loopback only, whether a
   * name may have a certificate.
   */
  customDomains?: { siteHost: string; dnsServers: string[]; askPort?: number; servedTtlMs?: number };
  /** Custom domains checked per account (unset: DOMAIN_CHECK_RATE_LIMIT). */
  domainCheckRateLimit?: RateLimitRule;
  /** What each plan and add-on costs, in cents (DEFAULT_PRICES, PRICES overriding). */
  prices: Prices;
  /** REQUIRE_ADMIN_2FA: an admin without a second factor is sent to set one up before the control center opens. */
  requireAdmin2fa: boolean;
  /**
   * LINK_CHECKS: the daily check of every active link's address (on unless false).
   * LINK_CHECKS_ALLOW_LOOPBACK: lets the checker reach 127.0.0.0/8 and ::1, for tests whose servers listen there; never on a real site.
   */
  linkChecks: { enabled: boolean; allowLoopback: boolean; /** For each check, all hops; tests shorten it. */ timeoutMs?: number };
  /**
   * EMBED_PREVIEWS: an embed's title and picture, asked once from its provider when it is added (on unless false).
   * EMBED_PREVIEWS_ALLOW_LOOPBACK and EMBED_OEMBED_ORIGIN: tests only, a server on loopback standing in for the providers.
   */
  embedPreviews: {
    enabled: boolean;
    allowLoopback: boolean;
    oembedOrigin?: string;
    /** Per request; tests shorten it. */ timeoutMs?: number;
  };
  /**
   * LINKTREE_IMPORT: the import reads a public Linktree page this server fetches once (on unless false).
   * LINKTREE_IMPORT_ALLOW_LOOPBACK and LINKTREE_ORIGIN: tests only, a server on loopback standing in for linktr.ee.
   */
  linktreeImport: {
    enabled: boolean;
    allowLoopback: boolean;
    origin?: string;
    /** For the page and for its picture; tests shorten it. */ timeoutMs?: number;
  };
  authRateLimit: {
    loginPerIp: RateLimitRule;
    loginPerUsername: RateLimitRule;
    registerPerIp: RateLimitRule;
    /** Forgot-password requests from one address, and for one account (by what was typed). */
    forgotPasswordPerIp?: RateLimitRule;
    forgotPasswordPerAccount?: RateLimitRule;
    /** Confirmation links sent again by one account (Account → Send the link again). */
    confirmationMailPerAccount?: RateLimitRule;
  };
  uploadRateLimit: {
    perUser: RateLimitRule;
    perIp: RateLimitRule;
  };
  /** Tests only: the time public pages and redirects are drawn at (scheduled links); unset, the real one. */
  clock?: () => number;
  /** Requests made with one API token (unset: API_TOKEN_RATE_LIMIT). */
  apiTokenRateLimit?: RateLimitRule;
  /** Reads of the public API (`GET /api/public/{username}`) from one address (unset: PUBLIC_API_RATE_LIMIT). */
  publicApiRateLimit?: RateLimitRule;
  /** Checkout pages one account may open (unset: CHECKOUT_RATE_LIMIT). */
  checkoutRateLimit?: RateLimitRule;
  /** Sign-ups to a page's email list: per visitor, and per address across every page (unset: the defaults). */
  subscribeRateLimit?: { perVisitor: RateLimitRule; perAddress: RateLimitRule };
}

export const DEFAULT_AUTH_RATE_LIMIT: AppConfig['authRateLimit'] = {
  loginPerIp: { max: 30, timeWindowMs: 15 * 60_000 },
  loginPerUsername: { max: 10, timeWindowMs: 15 * 60_000 },
  registerPerIp: { max: 10, timeWindowMs: 60 * 60_000 },
  forgotPasswordPerIp: { max: 10, timeWindowMs: 60 * 60_000 },
  forgotPasswordPerAccount: { max: 3, timeWindowMs: 60 * 60_000 },
  confirmationMailPerAccount: { max: 5, timeWindowMs: 60 * 60_000 },
};

/** Uploads are decoded one at a time by the media worker: one account may not keep it busy. */
export const DEFAULT_UPLOAD_RATE_LIMIT: AppConfig['uploadRateLimit'] = {
  perUser: { max: 30, timeWindowMs: 10 * 60_000 },
  perIp: { max: 60, timeWindowMs: 10 * 60_000 },
};

/** The public API is read by other sites' pages and scripts: generous, but one address cannot make every read a database query. */
export const PUBLIC_API_RATE_LIMIT: RateLimitRule = { max: 300, timeWindowMs: 60_000 };
/** A script with a token may sync links or read analytics often, but not flood the site. */
export const API_TOKEN_RATE_LIMIT: RateLimitRule = { max: 300, timeWindowMs: 60_000 };

export class ConfigError extends Error {}

/** Load `.env` from the working directory when there is one; real environment variables win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Read and validate the environment; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty values count as unset, as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema
    // Links in mail never take their address from a request's Host header, which anyone can forge.
    .refine((values) => !values.SMTP_URL || values.PUBLIC_URL, {
      path: ['SMTP_URL'],
      message: 'needs PUBLIC_URL too: links in mail point to the public address, never to whatever Host a request names',
    })
    .refine((values) => !values.STRIPE_SECRET_KEY === !values.STRIPE_WEBHOOK_SECRET, {
      path: ['STRIPE_SECRET_KEY'],
      message: 'set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: a payment counts only when its signed webhook arrives',
    })
    .refine((values) => !values.STRIPE_SECRET_KEY || values.PUBLIC_URL, {
      path: ['STRIPE_SECRET_KEY'],
      message: 'needs PUBLIC_URL too: Stripe sends the buyer back to the public address',
    })
    .safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    databaseSchema: values.DATABASE_SCHEMA,
    publicUrl: values.PUBLIC_URL,
    baseDomain: values.BASE_DOMAIN,
    trustProxy: values.TRUST_PROXY,
    databaseConnectTimeoutMs: values.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    accessLog: values.ACCESS_LOG === 'true',
    slowRequestMs: values.SLOW_REQUEST_MS,
    discordPresenceApi: values.DISCORD_PRESENCE_API,
    discordCdn: values.DISCORD_CDN,
    pageCacheBytes: values.PAGE_CACHE_MB === undefined ? MEMORY_BOUNDS.pageCacheBytes : Math.round(values.PAGE_CACHE_MB * 1024 * 1024),
    analyticsRetentionDays: values.ANALYTICS_RETENTION_DAYS,
    metricsToken: values.METRICS_TOKEN,
    webRoot: path.resolve('dist/web'),
    planLimits: mergePlanLimits(values.PLAN_LIMITS as Partial<Record<Plan, Partial<PlanLimits>>> | undefined),
    mail:
      values.SMTP_URL && values.PUBLIC_URL
        ? { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM ?? defaultMailFrom(values.PUBLIC_URL), origin: values.PUBLIC_URL }
        : undefined,
    accountDeletionGraceDays: values.ACCOUNT_DELETION_GRACE_DAYS,
    communityUrl: values.COMMUNITY_URL,
    socialProof: values.SOCIAL_PROOF,
    secretKey: values.SECRET_KEY,
    requireAdmin2fa: values.REQUIRE_ADMIN_2FA === 'true',
    ssoProviders: values.OIDC_PROVIDERS ?? [],
    payments:
      values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET && values.PUBLIC_URL
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            currency: values.STRIPE_CURRENCY,
            origin: values.PUBLIC_URL,
            apiUrl: values.STRIPE_API_URL,
          }
        : undefined,
    customDomains: values.PUBLIC_URL
      ? { siteHost: new URL(values.PUBLIC_URL).hostname, dnsServers: values.DNS_SERVERS ?? [], askPort: values.TLS_ASK_PORT }
      : undefined,
    prices: { ...DEFAULT_PRICES, ...(values.PRICES as Partial<Prices> | undefined) },
    linkChecks: { enabled: values.LINK_CHECKS === 'true', allowLoopback: values.LINK_CHECKS_ALLOW_LOOPBACK === 'true' },
    embedPreviews: {
      enabled: values.EMBED_PREVIEWS === 'true',
      allowLoopback: values.EMBED_PREVIEWS_ALLOW_LOOPBACK === 'true',
      oembedOrigin: values.EMBED_OEMBED_ORIGIN,
    },
    linktreeImport: {
      enabled: values.LINKTREE_IMPORT === 'true',
      allowLoopback: values.LINKTREE_IMPORT_ALLOW_LOOPBACK === 'true',
      origin: values.LINKTREE_ORIGIN,
    },
    authRateLimit: DEFAULT_AUTH_RATE_LIMIT,
    uploadRateLimit: DEFAULT_UPLOAD_RATE_LIMIT,
  };
}

/** Without MAIL_FROM: the site's name at no-reply@ its host. */
function defaultMailFrom(publicUrl: string): string {
  return `${SITE_NAME} <no-reply@${new URL(publicUrl).hostname}>`;
}

export function mergePlanLimits(overrides?: Partial<Record<Plan, Partial<PlanLimits>>>): Record<Plan, PlanLimits> {
  const merged = structuredClone(DEFAULT_PLAN_LIMITS);
  for (const plan of Object.keys(merged) as Plan[]) Object.assign(merged[plan], overrides?.[plan] ?? {});
  return merged;
}

/** Settings a server no longer reads, and why: said once at start, so an operator can remove them. */
const RETIRED_SETTINGS: Record<string, string> = {
  SESSION_SECRET: 'SESSION_SECRET is no longer used: sessions are random tokens kept only as hashes, and nothing signs cookies. Remove it.',
};

/** What to tell the operator about retired settings present in the environment. */
export function retiredSettingsIn(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(RETIRED_SETTINGS).flatMap(([name, notice]) => (env[name] ? [notice] : []));
}
