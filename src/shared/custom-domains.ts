import { z } from 'zod';

// Custom domains (issue 33 §3): a creator whose plan or add-on allows it names a
// domain, points it at the site (CNAME or A), and proves they control it with a
// TXT record `_linkverse.{domain}` holding their token. The server checks the
// record with Node's resolver when asked, and again every day.

/** The TXT record's name is this label before the domain. */
export const DOMAIN_RECORD_LABEL = '_linkverse';
/** The TXT record's value is this prefix and the account's token. */
export const DOMAIN_RECORD_PREFIX = 'linkverse-verify=';

export const customDomainMessages = {
  invalid: 'Enter a domain name such as links.example.org, without https:// or a path.',
  tooLong: 'A domain name has at most 253 characters.',
  notPublic: 'This name cannot be reached on the internet. Use a domain you own, such as links.example.org.',
  siteDomain: (site: string) => `Addresses on ${site} are the site's own. Use a domain you own.`,
  taken: 'Another account already verified this domain.',
  notAllowed: 'A custom domain comes with the Business plan, or with the custom domain add-on on Pro.',
  notConfigured: 'This site does not serve custom domains: its administrator has not set its public address (PUBLIC_URL).',
  noDomain: 'Add a domain first.',
  recordMissing: (name: string) => `No TXT record ${name} with your token was found yet. DNS changes can take up to an hour to show.`,
  lookupFailed: 'The DNS lookup did not answer. Nothing changed; please try again in a minute.',
  lookupsOff:
    "This site makes no calls to other servers (its administrator set OUTBOUND=off), so it cannot look up your domain's record. Nothing changed.",
  verified: (domain: string) => `${domain} is verified. Your page is served there.`,
} as const;

/** The top-level names that never reach the public internet (RFC 6761, RFC 8375, RFC 6762). */
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'invalid', 'onion', 'arpa'];
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Whether a lowercase name is a hostname on the public internet: two labels or more, no address, no private suffix. */
export function isPublicHostname(name: string): boolean {
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  // An IPv4 address is all digits; a top-level name never is.
  if (/^\d+$/.test(labels.at(-1)!)) return false;
  return !PRIVATE_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/** PUT /api/me/domain: the domain to serve the page at, as typed (a trailing dot and case do not matter). */
export const domainRequestSchema = z
  .object({
    domain: z
      .string({ error: customDomainMessages.invalid })
      .trim()
      .toLowerCase()
      .max(254, customDomainMessages.tooLong)
      .transform((domain) => domain.replace(/\.$/, ''))
      .pipe(
        z
          .string()
          .min(1, customDomainMessages.invalid)
          .max(253, customDomainMessages.tooLong)
          .refine((domain) => /^[a-z0-9.-]+$/.test(domain) && !domain.includes('..'), customDomainMessages.invalid)
          .refine(isPublicHostname, customDomainMessages.notPublic),
      ),
  })
  .strict();

export const DOMAIN_STATUSES = ['pending', 'verified', 'lost'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export const customDomainSchema = z
  .object({
    domain: z.string(),
    status: z.enum(DOMAIN_STATUSES),
    /** The TXT record to create: its name and value. */
    record: z.object({ name: z.string(), value: z.string() }),
    /** The site's own host, which a CNAME names. */
    target: z.string(),
    verifiedAt: z.string().nullable(),
    checkedAt: z.string().nullable(),
    /** Why the last check failed, in words; null after a success. */
    lastError: z.string().nullable(),
    /** The domain is served: verified, and the account's plan or add-on allows it. */
    served: z.boolean(),
  })
  .meta({ id: 'CustomDomain' });

/** GET /api/me/domain: the account's domain, or null; and whether the account may have one. */
export const customDomainStateSchema = z.object({ allowed: z.boolean(), domain: customDomainSchema.nullable() });
export type CustomDomainState = z.infer<typeof customDomainStateSchema>;
