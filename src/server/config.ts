import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RETENTION_DAYS } from '#shared/analytics.ts';
import { ANALYTICS_PERIODS } from '#shared/constants.ts';
import { type Plan, SITE_NAME } from '#shared/constants.ts';
import { DEFAULT_PLAN_LIMITS, type PlanLimits } from '#shared/plans.ts';
import { DEFAULT_PRICES, PURCHASE_ITEMS, type Prices } from '#shared/purchases.ts';
import { SSO_PROVIDER_ID_PATTERN } from '#shared/single-sign-on.ts';
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

/** A single sign-on provider (OpenID Connect), as OIDC_PROVIDERS names it. */
export type SsoProviderConfig = z.output<typeof oidcProvidersSchema>[number];

/** 'true' or 'false', as a boolean. */
const flag = (byDefault: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(byDefault)
    .transform((value) => value === 'true');

/**
 * The settings that are each one field of the configuration, named as the
 * variable in camelCase (DATABASE_URL → databaseUrl), with the value the rule
 * gives. The README's table lists them all, with their defaults
 * (tests/unit/config.test.ts checks it against these rules).
 */
const DIRECT_SETTINGS = {
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .default('./data')
    .transform((folder) => path.resolve(folder)),
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
                  pages: z
                    .number({ error: 'pages must be a number of pages' })
                    .int()
                    .min(1, 'pages must be at least 1')
                    .max(1000)
                    .optional(),
                  uploadBytes: z.number().int().positive().optional(),
                  analyticsDays: z
                    .array(z.union(ANALYTICS_PERIODS.map((days) => z.literal(days))))
                    .refine((periods) => periods.includes(7), 'analyticsDays must include 7')
                    .transform((periods) => ANALYTICS_PERIODS.filter((days) => periods.includes(days)))
                    .optional(),
                  analyticsExport: z.boolean().optional(),
                  advancedAnalytics: z.boolean().optional(),
                  premiumAnalytics: z.boolean().optional(),
                  customFonts: z.boolean().optional(),
                  allThemes: z.boolean().optional(),
                  layouts: z
                    .number({ error: 'layouts must be a number of layouts, or null for every one' })
                    .int()
                    .min(1, 'layouts must be at least 1')
                    .nullable()
                    .optional(),
                  // Before issue 52 a plan had the default layout or all three: still read, as 1 or every one.
                  allLayouts: z.boolean().optional(),
                  removeBranding: z.boolean().optional(),
                  verifiedBadge: z.boolean().optional(),
                  seoTools: z.boolean().optional(),
                  customDomain: z.boolean().optional(),
                })
                .strict()
                .transform(({ allLayouts, ...limits }) =>
                  allLayouts === undefined || limits.layouts !== undefined ? limits : { ...limits, layouts: allLayouts ? null : 1 },
                )
                .optional(),
            ]),
          ),
        )
        .strict(),
    )
    .optional()
    .transform((overrides) => mergePlanLimits(overrides as Partial<Record<Plan, Partial<PlanLimits>>> | undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z
    .enum(['json', 'pretty'], { error: 'must be json or pretty' })
    .optional()
    .transform((format) => format ?? (process.stdout.isTTY ? 'pretty' : 'json')),
  ACCESS_LOG: flag('false'),
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
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(0)
    .max(365)
    .default(30),
  COMMUNITY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://discord.gg/your-invite' }).optional(),
  SOCIAL_PROOF: z.string().trim().min(1).max(120, 'must be at most 120 characters').optional(),
  /**
   * The people behind a plan's support (issue 52 §4: priority support and a dedicated account manager are people):
   * an email address or an https address per plan; the pricing page names a plan's only when given.
   */
  PLAN_SUPPORT: jsonSetting('must be JSON such as {"pro":"support@example.com","business":"https://example.com/your-manager"}')
    .pipe(
      z
        .object(
          Object.fromEntries(
            (['free', 'pro', 'business'] as const).map((plan) => [
              plan,
              z
                .union([z.email(), z.url({ protocol: /^https$/ })], { error: `${plan}: must be an email address or an https:// address` })
                .optional(),
            ]),
          ),
        )
        .strict(),
    )
    .optional()
    .transform((support) => ({ free: null, pro: null, business: null, ...(support as Partial<Record<Plan, string>> | undefined) })),
  SECRET_KEY: z.string().trim().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
  REQUIRE_ADMIN_2FA: flag('false'),
  PRICES: jsonSetting('must be JSON in cents, such as {"pro":999,"business":2499}')
    .pipe(z.object(Object.fromEntries(PURCHASE_ITEMS.map((item) => [item, z.number().int().min(50).max(99_999_999).optional()]))).strict())
    .optional()
    .transform((prices): Prices => ({ ...DEFAULT_PRICES, ...(prices as Partial<Prices> | undefined) })),
};

/** The settings read together, into the groups of the configuration (configurationGroupsOf). */
const GROUPED_SETTINGS = {
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, such as smtps://user:password@mail.example.com:465' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  /** off: the server makes no call of its own to another host (README "Outbound calls"); what is set up (SMTP_URL, Stripe, OIDC_PROVIDERS) still is. */
  OUTBOUND: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  LINK_CHECKS: flag('true'),
  LINK_CHECKS_ALLOW_LOOPBACK: flag('false'),
  EMBED_PREVIEWS: flag('true'),
  EMBED_PREVIEWS_ALLOW_LOOPBACK: flag('false'),
  EMBED_OEMBED_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  LINKTREE_IMPORT: flag('true'),
  LINKTREE_IMPORT_ALLOW_LOOPBACK: flag('false'),
  LINKTREE_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
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
};

const envSchema = z.object({ ...DIRECT_SETTINGS, ...GROUPED_SETTINGS });

/** Every variable the server reads, for the README's table and its test. */
export const SETTING_NAMES = Object.keys(envSchema.shape) as Array<keyof typeof envSchema.shape>;

/** The default a variable's rule gives when it is unset, as written (undefined: none, or one worked out, such as LOG_FORMAT's). */
export function settingDefault(name: (typeof SETTING_NAMES)[number]): unknown {
  let rule = envSchema.shape[name] as z.ZodType;
  for (;;) {
    const definition = rule.def as { type: string; defaultValue?: unknown; in?: z.ZodType };
    if (definition.type === 'default') return definition.defaultValue;
    if (definition.type !== 'pipe') return undefined;
    rule = definition.in!;
  }
}

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<Name>;
const camelCase = (name: string) => name.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

type DirectSettings = { [Name in keyof typeof DIRECT_SETTINGS as CamelCase<Name>]: z.output<(typeof DIRECT_SETTINGS)[Name]> };
type Environment = z.output<typeof envSchema>;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  currency: string;
  /** PUBLIC_URL: where Stripe sends the buyer back. */
  origin: string;
  apiUrl?: string;
}

/** How this site's mail leaves: handed to an SMTP server, or held for the administrator (no SMTP_URL). */
export type MailSettings = { delivery: 'smtp'; smtpUrl: string; from: string; origin: string } | { delivery: 'held'; origin: string };

export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}

/** The groups of the configuration that several variables make, and the settings named otherwise in code. */
function configurationGroupsOf(values: Environment) {
  const outbound = values.OUTBOUND === 'on';
  return {
    /**
     * Whether the server may call other hosts of its own accord: the link checker, embed look-ups, the
     * Linktree fetch, Discord presence and custom domains' DNS checks. Off (OUTBOUND=off), each is off.
     */
    outbound,
    /** The rendered-page cache's budget in bytes (PAGE_CACHE_MB). */
    pageCacheBytes: values.PAGE_CACHE_MB === undefined ? MEMORY_BOUNDS.pageCacheBytes : Math.round(values.PAGE_CACHE_MB * 1024 * 1024),
    /** Single sign-on providers (OpenID Connect), each offered on the login page; redirect address PUBLIC_URL/login/sso/{id}. */
    ssoProviders: values.OIDC_PROVIDERS ?? [],
    /**
     * How mail leaves: with SMTP_URL, through it; without, it is held in the control center's Outbox for the
     * administrator. Links in mail point to PUBLIC_URL (`origin`), never to a request's Host; without
     * PUBLIC_URL (a site tried on this machine), to localhost and the port.
     */
    mail: mailSettingsOf(values),
    /** Plans and add-ons bought through Stripe Checkout; unset, an admin gives plans. */
    payments: (values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET && values.PUBLIC_URL
      ? {
          secretKey: values.STRIPE_SECRET_KEY,
          webhookSecret: values.STRIPE_WEBHOOK_SECRET,
          currency: values.STRIPE_CURRENCY,
          origin: values.PUBLIC_URL,
          apiUrl: values.STRIPE_API_URL,
        }
      : undefined) as StripeSettings | undefined,
    /** Custom domains, served when PUBLIC_URL names the site; Caddy asks at TLS_ASK_PORT (loopback only). */
    customDomains: (values.PUBLIC_URL
      ? { siteHost: new URL(values.PUBLIC_URL).hostname, dnsServers: values.DNS_SERVERS ?? [], askPort: values.TLS_ASK_PORT }
      : undefined) as
      { siteHost: string; dnsServers: string[]; askPort?: number; /** Tests shorten it. */ servedTtlMs?: number } | undefined,
    /** The daily check of every active link's address; loopback for tests only. */
    linkChecks: { enabled: values.LINK_CHECKS && outbound, allowLoopback: values.LINK_CHECKS_ALLOW_LOOPBACK } as {
      enabled: boolean;
      allowLoopback: boolean;
      /** For each check, all hops; tests shorten it. */ timeoutMs?: number;
    },
    /** An embed's title and picture, asked once from its provider; the loopback stand-in is for tests only. */
    embedPreviews: {
      enabled: values.EMBED_PREVIEWS && outbound,
      allowLoopback: values.EMBED_PREVIEWS_ALLOW_LOOPBACK,
      oembedOrigin: values.EMBED_OEMBED_ORIGIN,
    } as { enabled: boolean; allowLoopback: boolean; oembedOrigin?: string; /** Per request; tests shorten it. */ timeoutMs?: number },
    /** The import reads a public Linktree page this server fetches once; the loopback stand-in is for tests only. */
    linktreeImport: {
      enabled: values.LINKTREE_IMPORT && outbound,
      allowLoopback: values.LINKTREE_IMPORT_ALLOW_LOOPBACK,
      origin: values.LINKTREE_ORIGIN,
    } as {
      enabled: boolean;
      allowLoopback: boolean;
      origin?: string;
      /** For the page and for its picture; tests shorten it. */ timeoutMs?: number;
    },
  };
}

/** What code sets rather than a variable: where the web app is, the rate limits (tests loosen them), a clock (tests). */
interface CodeSettings {
  /** Where the built SPA lives; missing in API tests, which need no pages. */
  webRoot?: string;
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
  uploadRateLimit: { perUser: RateLimitRule; perIp: RateLimitRule };
  /** Custom domains checked per account (unset: DOMAIN_CHECK_RATE_LIMIT). */
  domainCheckRateLimit?: RateLimitRule;
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

/** The server's configuration: each setting written once, as its rule above (DIRECT_SETTINGS, GROUPED_SETTINGS). */
export type AppConfig = DirectSettings & ReturnType<typeof configurationGroupsOf> & CodeSettings;

export const DEFAULT_AUTH_RATE_LIMIT = {
  loginPerIp: { max: 30, timeWindowMs: 15 * 60_000 },
  loginPerUsername: { max: 10, timeWindowMs: 15 * 60_000 },
  registerPerIp: { max: 10, timeWindowMs: 60 * 60_000 },
  forgotPasswordPerIp: { max: 10, timeWindowMs: 60 * 60_000 },
  forgotPasswordPerAccount: { max: 3, timeWindowMs: 60 * 60_000 },
  confirmationMailPerAccount: { max: 5, timeWindowMs: 60 * 60_000 },
} satisfies AppConfig['authRateLimit'];

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
  const direct = Object.fromEntries(
    Object.keys(DIRECT_SETTINGS).map((name) => [camelCase(name), values[name as keyof Environment]]),
  ) as DirectSettings;
  return {
    ...direct,
    ...configurationGroupsOf(values),
    webRoot: path.resolve('dist/web'),
    authRateLimit: DEFAULT_AUTH_RATE_LIMIT,
    uploadRateLimit: DEFAULT_UPLOAD_RATE_LIMIT,
  };
}

/** Without MAIL_FROM: the site's name at no-reply@ its host. */
function mailSettingsOf(values: Environment): MailSettings {
  if (values.SMTP_URL && values.PUBLIC_URL) {
    const from = values.MAIL_FROM ?? defaultMailFrom(values.PUBLIC_URL);
    return { delivery: 'smtp', smtpUrl: values.SMTP_URL, from, origin: values.PUBLIC_URL };
  }
  return { delivery: 'held', origin: values.PUBLIC_URL ?? `http://localhost:${values.PORT}` };
}

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
