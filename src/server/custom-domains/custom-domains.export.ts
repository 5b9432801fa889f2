import { DOMAIN_RECORD_LABEL, DOMAIN_RECORD_PREFIX } from '#shared/custom-domains.ts';
import type { ExportPart } from '../services.ts';
import { findDomainOf } from './custom-domains.repository.ts';

export const customDomainsExport: ExportPart = {
  described: [['custom-domain.json', 'your own domain, its DNS records and whether it is verified (null: none)']],
  filesOf: async (db, user) => {
    const domain = await findDomainOf(db, user.id);
    return {
      'custom-domain.json': {
        json: domain
          ? {
              domain: domain.domain,
              record: { name: `${DOMAIN_RECORD_LABEL}.${domain.domain}`, value: `${DOMAIN_RECORD_PREFIX}${domain.token}` },
              addedAt: domain.createdAt,
              verifiedAt: domain.verifiedAt,
              checkedAt: domain.checkedAt,
              lostAt: domain.lostAt,
            }
          : null,
      },
    };
  },
};
