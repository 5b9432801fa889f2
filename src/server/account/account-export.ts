import { DOMAIN_RECORD_LABEL, DOMAIN_RECORD_PREFIX } from '#shared/custom-domains.ts';
import { findDomainOf } from '../custom-domains/custom-domains.repository.ts';
import { createHash } from 'node:crypto';
import { SITE_NAME } from '#shared/constants.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { loadWhenUsed } from '../load-when-used.ts';
import { recentActivity } from '../activity/activity.repository.ts';
import { rollupsBetween } from '../analytics/analytics.repository.ts';
import { csvCell } from '../http/csv.ts';
import { getCustomization, listLooks } from '../customization/customization.service.ts';
import { listLinksOfUser } from '../links/links.repository.ts';
import { toPageItem } from '../links/links.service.ts';
import { listOwnedMedia, mediaUrl } from '../media/media.repository.ts';
import { toProfileSettings } from '../profile/profile.service.ts';
import { toCurrentUser } from '../users/users.service.ts';
import { allSubscribers } from '../subscribers/subscribers.repository.ts';
import { subscribersCsv } from '../subscribers/subscribers.service.ts';
import { listApiTokens } from '../auth/api-tokens.ts';
import { buildPageFile } from '../page-transfer/page-file.ts';
import { listPurchasesOf } from '../purchases/purchases.repository.ts';
import { toPurchase } from '../purchases/purchases.service.ts';
import { PAGE_FILE_SCHEMA_PATH } from '#shared/page-transfer.ts';

/** Recent Activity entries in the export: all the profile keeps (it is pruned with the raw events). */
const ACTIVITY_LIMIT = 10_000;

const README = (username: string, exportedAt: string) => `Your ${SITE_NAME} data: ${username}, exported ${exportedAt}.

profile.json         the account and the profile settings
links.json           every link and block, active or not, in the page's order
customization.json   the page's look, as the Customize tab saves it
saved-looks.json     the earlier looks History keeps, newest first
media/               every file you uploaded, as stored (re-encoded on upload);
                     media/index.json lists them with their SHA-256 and address
analytics/daily.json the daily figures, in the profile's time zone
analytics/daily.csv  the same, for a spreadsheet
activity.json        the Recent Activity feed
subscribers.json     the addresses your sign-up form gathered, with the consent
subscribers.csv      the same, for a spreadsheet or a mailing tool
api-tokens.json      your API tokens' names, scopes and use (never the tokens)
purchases.json       your receipts: plans and add-ons bought, and refunds
custom-domain.json   your own domain, its DNS records and whether it is verified (null: none)
page.json            your page as one page file: Account → Move your page imports it
                     into any ${SITE_NAME} site (its format: ${PAGE_FILE_SCHEMA_PATH})
`;

/**
 * Everything the account holds, as one zip: the profile, links, the look, the
 * uploaded files and the daily analytics as JSON and CSV. Its size is bounded
 * by the plan's upload quota; images are stored, text compressed.
 */
export async function exportAccount(
  db: Db,
  user: UserRow,
  pageSchemaUrl: string,
  now = Date.now(),
): Promise<{ zip: Uint8Array; fileName: string }> {
  const { zipSync, strToU8 } = loadWhenUsed('fflate') as typeof import('fflate');
  const exportedAt = new Date(now).toISOString();
  const [links, customization, savedLooks, media, rollups, activity, subscribers, tokens, page, purchases, domain] = await Promise.all([
    listLinksOfUser(db, user.id, false),
    getCustomization(db, user.id),
    listLooks(db, user.id),
    listOwnedMedia(db, user.id),
    rollupsBetween(db, user.id, '0000-01-01', '9999-12-31'),
    recentActivity(db, user.id, ACTIVITY_LIMIT),
    allSubscribers(db, user.id),
    listApiTokens(db, user),
    buildPageFile(db, user, pageSchemaUrl, now),
    listPurchasesOf(db, user.id),
    findDomainOf(db, user.id),
  ]);
  const json = (value: unknown) => [strToU8(JSON.stringify(value, null, 2) + '\n'), { level: 6 }] as [Uint8Array, { level: 6 }];
  const daily = rollups
    .map((row) => ({ ...row, visits: Number(row.visits), uniques: Number(row.uniques) }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const csv = [
    ['date', 'type', 'dimension', 'value', 'visits', 'unique'],
    ...daily.map((row) => [row.day, row.kind, row.dimension, row.value, row.visits, row.uniques]),
  ]
    .map((line) => line.map(csvCell).join(','))
    .join('\r\n');
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 | 6 }]> = {
    'README.txt': [strToU8(README(user.username, exportedAt)), { level: 6 }],
    'profile.json': json({ exportedAt, account: toCurrentUser(user), settings: toProfileSettings(user) }),
    'links.json': json(links.map(toPageItem)),
    'customization.json': json(customization),
    'saved-looks.json': json(savedLooks),
    'media/index.json': json(
      media.map((file) => ({
        file: `media/${file.id}-${file.kind}.${file.ext}`,
        kind: file.kind,
        url: mediaUrl(file),
        mime: file.mime,
        bytes: file.bytes,
        width: file.width,
        height: file.height,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        uploadedAt: file.createdAt,
      })),
    ),
    'analytics/daily.json': json(daily),
    'analytics/daily.csv': [strToU8('\uFEFF' + csv + '\r\n'), { level: 6 }],
    'activity.json': json(activity),
    'subscribers.json': json(subscribers),
    'subscribers.csv': [strToU8(subscribersCsv(subscribers)), { level: 6 }],
    'api-tokens.json': json(tokens),
    'page.json': json(page),
    'purchases.json': json(purchases.map(toPurchase)),
    'custom-domain.json': json(
      domain
        ? {
            domain: domain.domain,
            record: { name: `${DOMAIN_RECORD_LABEL}.${domain.domain}`, value: `${DOMAIN_RECORD_PREFIX}${domain.token}` },
            addedAt: domain.createdAt,
            verifiedAt: domain.verifiedAt,
            checkedAt: domain.checkedAt,
            lostAt: domain.lostAt,
          }
        : null,
    ),
  };
  // Images are already compressed: stored as they are.
  for (const file of media) files[`media/${file.id}-${file.kind}.${file.ext}`] = [new Uint8Array(file.data), { level: 0 }];
  return {
    zip: zipSync(files, { mtime: new Date(now) }),
    fileName: `${user.username}-${SITE_NAME.toLowerCase()}-export-${exportedAt.slice(0, 10)}.zip`,
  };
}
