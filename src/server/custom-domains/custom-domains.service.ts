import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DAY_MS, type Plan } from '#shared/constants.ts';
import {
  type CustomDomainState,
  DOMAIN_RECORD_LABEL,
  DOMAIN_RECORD_PREFIX,
  type DomainStatus,
  customDomainMessages,
} from '#shared/custom-domains.ts';
import { type PlanLimits, allowsCustomDomain } from '#shared/plans.ts';
import { type Db, isRefusedRow, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { AppError } from '../http/errors.ts';
import { recordActivity } from '../journal/activity.repository.ts';
import { siteHostTest } from './site-host.ts';
import {
  type CustomDomainRow,
  deleteDomainOf,
  domainsDueForCheck,
  findDomainOf,
  findServingAccount,
  findVerifiedDomain,
  replaceDomain,
  updateDomain,
} from './custom-domains.repository.ts';

// Custom domains (issue 33 §3). A creator names a domain and proves it with a
// TXT record; once verified (and while the plan or add-on allows it) the site
// serves their page at that domain's root, and Caddy may get it a certificate.
// Which page a host serves is asked on every request to a foreign host and by
// every TLS handshake Caddy starts for an unknown name, so the answer is kept a
// minute; if the database does not answer, the last answer stands, so a blip
// does not become a TLS outage.

/** How long an answer about a host is kept (a change on this instance, or through the bus, drops it at once). */
const SERVED_TTL_MS = 60_000;
/** Verified domains re-checked per run of the daily job. */
const RECHECK_BATCH = 200;

export interface CustomDomainSettings {
  /** The site's own host (PUBLIC_URL's): it and its subdomains are never a creator's. */
  siteHost: string;
  baseDomain?: string;
  /** DNS_SERVERS: ip or ip:port; empty, the system's resolvers. */
  dnsServers: string[];
  /** Off with OUTBOUND=off: no domain is looked up (a check says why), and the daily re-check leaves verified ones as they are. */
  dnsLookups: boolean;
  planLimits: Record<Plan, PlanLimits>;
  /** How long an answer about a host is kept (unset: a minute; tests shorten it). */
  servedTtlMs?: number;
}

export interface CustomDomains {
  stateOf(user: UserRow): Promise<CustomDomainState>;
  /** Names the account's domain (a new name gets a new token); refuses names that are not the creator's to take. */
  set(user: UserRow, domain: string): Promise<CustomDomainState>;
  /** Looks up the TXT record now; verified when it holds the account's token. */
  check(user: UserRow): Promise<CustomDomainState>;
  remove(user: UserRow): Promise<void>;
  /** The daily re-check: a verified domain whose record is gone is marked lost and no longer served. */
  recheck(now?: number): Promise<void>;
  /** The username whose page `host` serves, if any. */
  servedAt(host: string): Promise<string | undefined>;
}

type Lookup = { found: true } | { found: false; reason: string; definite: boolean };

const recordNameOf = (domain: string) => `${DOMAIN_RECORD_LABEL}.${domain}`;

const statusOf = (row: CustomDomainRow): DomainStatus => (row.verifiedAt ? 'verified' : row.lostAt ? 'lost' : 'pending');

/** The TXT record's answer for a domain: found with the account's token, missing (definite), or no answer (a timeout). */
async function lookupRecord(settings: CustomDomainSettings, log: FastifyBaseLogger, row: CustomDomainRow): Promise<Lookup> {
  if (!settings.dnsLookups) throw new AppError(409, 'outbound_off', customDomainMessages.lookupsOff);
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (settings.dnsServers.length > 0) resolver.setServers(settings.dnsServers);
  const name = recordNameOf(row.domain);
  try {
    const records = await resolver.resolveTxt(name);
    if (records.some((chunks) => chunks.join('') === `${DOMAIN_RECORD_PREFIX}${row.token}`)) return { found: true };
    return { found: false, reason: customDomainMessages.recordMissing(name), definite: true };
  } catch (error) {
    const code = (error as { code?: string }).code;
    // No such name, or no TXT record at it: an answer. Anything else (a timeout, a refusing server) is not.
    if (code === 'ENODATA' || code === 'ENOTFOUND')
      return { found: false, reason: customDomainMessages.recordMissing(name), definite: true };
    log.warn({ err: error, domain: row.domain }, 'custom domain lookup failed');
    return { found: false, reason: customDomainMessages.lookupFailed, definite: false };
  }
}

/** What the account's domain card shows, from its row (none: no domain). */
function stateFrom(settings: CustomDomainSettings, user: UserRow, row: CustomDomainRow | undefined): CustomDomainState {
  const allowed = allowsCustomDomain(settings.planLimits, user);
  if (!row) return { allowed, domain: null };
  const status = statusOf(row);
  return {
    allowed,
    domain: {
      domain: row.domain,
      status,
      record: { name: recordNameOf(row.domain), value: `${DOMAIN_RECORD_PREFIX}${row.token}` },
      target: settings.siteHost,
      verifiedAt: row.verifiedAt,
      checkedAt: row.checkedAt,
      lastError: row.lastError,
      served: status === 'verified' && allowed,
    },
  };
}

export class CustomDomainService implements CustomDomains {
  /** Which account each host serves, kept a minute; the last answer stands while the database does not answer. */
  private readonly served: LRUCache<string, { userId: number; username: string } | false>;
  /** The names the Host dispatcher takes for the site's own: the same test, so a domain set here is never one it would not serve. */
  private readonly isSiteName: (host: string) => boolean;

  constructor(
    private readonly db: Db,
    private readonly settings: CustomDomainSettings,
    private readonly bus: ChangeBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.served = new LRUCache({
      max: 10_000,
      ttl: settings.servedTtlMs ?? SERVED_TTL_MS,
      allowStaleOnFetchRejection: true,
      noDeleteOnFetchRejection: true,
      fetchMethod: async (host) => {
        const account = await findServingAccount(db, host);
        return account && allowsCustomDomain(settings.planLimits, account) ? { userId: account.id, username: account.username } : false;
      },
    });
    // A profile change (a plan, a username, a domain, an account gone) may change what that account's hosts serve, and
    // may make a host served that was not (a domain verified): those answers go; other accounts' domains keep theirs.
    bus.subscribe((message) => {
      if (message.topic !== 'profile') return;
      for (const [host, answer] of this.served.entries()) {
        if (!answer || answer.userId === message.userId) this.served.delete(host);
      }
    });
    this.isSiteName = siteHostTest(settings.siteHost, settings.baseDomain);
  }

  private changed(user: { id: number }): void {
    this.bus.publish(profileChange(user));
  }

  async stateOf(user: UserRow): Promise<CustomDomainState> {
    return stateFrom(this.settings, user, await findDomainOf(this.db, user.id));
  }

  async set(user: UserRow, domain: string): Promise<CustomDomainState> {
    const { db, settings } = this;
    if (!allowsCustomDomain(settings.planLimits, user)) throw new AppError(403, 'plan_feature', customDomainMessages.notAllowed);
    if (this.isSiteName(domain)) throw new AppError(400, 'validation_failed', customDomainMessages.siteDomain(settings.siteHost));
    const current = await findDomainOf(db, user.id);
    if (current?.domain === domain) return stateFrom(settings, user, current);
    const holder = await findVerifiedDomain(db, domain);
    if (holder && holder.userId !== user.id) throw new AppError(409, 'domain_taken', customDomainMessages.taken);
    await replaceDomain(db, user.id, domain, randomBytes(16).toString('base64url'), nowIso());
    await recordActivity(db, user, 'domain_added', domain);
    if (current) this.changed(user);
    return this.stateOf(user);
  }

  async check(user: UserRow): Promise<CustomDomainState> {
    const { db, settings } = this;
    const row = await findDomainOf(db, user.id);
    if (!row) throw new AppError(404, 'not_found', customDomainMessages.noDomain);
    const result = await lookupRecord(settings, this.log, row);
    const at = nowIso();
    if (result.found) {
      const verified = { verifiedAt: row.verifiedAt ?? at, checkedAt: at, lostAt: null, lastError: null };
      try {
        await updateDomain(db, row.id, verified);
      } catch (error) {
        // Another account verified the same name a moment before.
        if (isRefusedRow(error)) throw new AppError(409, 'domain_taken', customDomainMessages.taken);
        throw error;
      }
      this.changed(user);
      return stateFrom(settings, user, { ...row, ...verified });
    }
    if (!result.definite) throw new AppError(502, 'dns_failed', result.reason);
    // Asked by its owner, a missing record unverifies a verified domain too: the page stops being served there.
    const checked = { checkedAt: at, lastError: result.reason, ...(row.verifiedAt && { verifiedAt: null, lostAt: at }) };
    await updateDomain(db, row.id, checked);
    if (row.verifiedAt) this.changed(user);
    return stateFrom(settings, user, { ...row, ...checked });
  }

  async remove(user: UserRow): Promise<void> {
    const current = await findDomainOf(this.db, user.id);
    await deleteDomainOf(this.db, user.id);
    if (current) await recordActivity(this.db, user, 'domain_removed', current.domain);
    this.changed(user);
  }

  async recheck(now = Date.now()): Promise<void> {
    const { db, settings, log } = this;
    if (!settings.dnsLookups) return;
    const due = await domainsDueForCheck(db, new Date(now - DAY_MS).toISOString(), RECHECK_BATCH);
    for (const row of due) {
      const result = await lookupRecord(settings, log, row);
      const at = new Date(now).toISOString();
      if (result.found) await updateDomain(db, row.id, { checkedAt: at, lastError: null });
      else if (!result.definite) await updateDomain(db, row.id, { checkedAt: at, lastError: result.reason });
      else {
        await updateDomain(db, row.id, { checkedAt: at, lastError: result.reason, verifiedAt: null, lostAt: at });
        log.info({ domain: row.domain, userId: row.userId }, 'custom domain lost its record');
        this.changed({ id: row.userId });
      }
    }
  }

  async servedAt(host: string): Promise<string | undefined> {
    const answer = await this.served.fetch(host);
    return answer ? answer.username : undefined;
  }
}
