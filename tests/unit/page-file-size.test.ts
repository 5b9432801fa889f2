import { describe, expect, it } from 'vitest';
import { LINK_TITLE_MAX_LENGTH, LINK_URL_MAX_LENGTH } from '#shared/links.ts';
import { CUSTOM_CSS_MAX_LENGTH } from '#shared/customization.ts';
import {
  PAGE_FILE_FORMAT,
  PAGE_FILE_MAX_ITEMS,
  PAGE_FILE_VERSION,
  PAGE_IMPORT_CEILING_BYTES,
  PAGE_IMPORT_MAX_BYTES,
  pageFileMaxBytes,
  pageFileSchema,
} from '#shared/page-transfer.ts';
import { DEFAULT_PLAN_LIMITS } from '#shared/plans.ts';

// A page file the product exports comes back into it (issue 51): the import
// takes what the account's own export can weigh. The heaviest export a plan
// allows is its whole upload space as base64, beside the most text a page
// file can hold, written as the export writes it (indented JSON).

/** The heaviest page file for `uploadBytes` of pictures: every item at its longest, and the pictures in files of 1 MB. */
function heaviestExport(uploadBytes: number): string {
  const items = Array.from({ length: PAGE_FILE_MAX_ITEMS }, (_, index) => ({
    type: 'link' as const,
    title: `${index}`.padEnd(LINK_TITLE_MAX_LENGTH, 't'),
    url: `https://example.com/${index}/`.padEnd(LINK_URL_MAX_LENGTH, 'u'),
  }));
  const media = [];
  for (let left = uploadBytes; left > 0; left -= 1024 * 1024) {
    const bytes = Math.min(left, 1024 * 1024);
    media.push({ url: `/media/${'a'.repeat(64)}.webp`, data: 'A'.repeat(Math.ceil(bytes / 3) * 4) });
  }
  const document = {
    format: PAGE_FILE_FORMAT,
    version: PAGE_FILE_VERSION,
    exportedAt: new Date().toISOString(),
    items,
    customization: { customCSS: 'c'.repeat(CUSTOM_CSS_MAX_LENGTH) },
    media,
  };
  expect(pageFileSchema.safeParse(document).success).toBe(true);
  return JSON.stringify(document, null, 2) + '\n';
}

describe('the largest page file an account imports', () => {
  it("is what the plan's heaviest export weighs, for each plan of the defaults up to the ceiling", () => {
    for (const [plan, limits] of Object.entries(DEFAULT_PLAN_LIMITS)) {
      const limit = pageFileMaxBytes(limits.uploadBytes);
      expect(limit, plan).toBeGreaterThanOrEqual(PAGE_IMPORT_MAX_BYTES);
      expect(limit, plan).toBeLessThanOrEqual(PAGE_IMPORT_CEILING_BYTES);
      if (limit < PAGE_IMPORT_CEILING_BYTES) expect(Buffer.byteLength(heaviestExport(limits.uploadBytes)), plan).toBeLessThanOrEqual(limit);
    }
    // Free's 10 MB of pictures made a file the old 10 MB import refused.
    expect(Buffer.byteLength(heaviestExport(DEFAULT_PLAN_LIMITS.free.uploadBytes))).toBeGreaterThan(PAGE_IMPORT_MAX_BYTES);
  });
});
