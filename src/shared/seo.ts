import { z } from 'zod';
import { MEDIA_URL_PATTERN, SHARE_IMAGE_SMALLEST, SHARE_UPLOAD_MAX } from './media.ts';
import { SITE_NAME, pageTitle } from './constants.ts';
import type { PublicPage } from './profile.types.ts';

// SEO tools (issue 52 §3, spec 001 §9: Business): how the page appears in a
// search result and on a share card, whether search engines may index it, the
// structured data it carries, and the search consoles' verification tags.
// Kept per page as one document; a plan without SEO tools keeps it and the
// page is drawn without it, as a look kept from a higher plan is.

/** What a search result shows of a title and a description before it cuts them (Google, on a computer). */
export const SEARCH_TITLE_SHOWN = 60;
export const SEARCH_DESCRIPTION_SHOWN = 160;
/** What a share card shows of its title and description (Facebook, X and LinkedIn cut near these). */
export const SHARE_TITLE_SHOWN = 70;
export const SHARE_DESCRIPTION_SHOWN = 200;
/** What is kept: past what is shown, so that a long draft is told, not cut. */
const TITLE_MAX = 120;
const DESCRIPTION_MAX = 320;

export const STRUCTURED_DATA_TYPES = ['person', 'organization', 'none'] as const;

/**
 * The search consoles a page can prove itself to, each by its meta tag's name and
 * its token's format: a token of any other shape is refused, never written.
 */
export const VERIFICATION_SERVICES = {
  google: {
    name: 'Google Search Console',
    meta: 'google-site-verification',
    pattern: /^[A-Za-z0-9_-]{20,100}$/,
    example: 'a 43-character code',
  },
  bing: { name: 'Bing Webmaster Tools', meta: 'msvalidate.01', pattern: /^[0-9A-F]{32}$/i, example: '32 hexadecimal characters' },
  yandex: { name: 'Yandex Webmaster', meta: 'yandex-verification', pattern: /^[0-9a-f]{16}$/i, example: '16 hexadecimal characters' },
  pinterest: { name: 'Pinterest', meta: 'p:domain_verify', pattern: /^[0-9a-f]{32}$/i, example: '32 hexadecimal characters' },
  facebook: {
    name: 'Facebook (Meta)',
    meta: 'facebook-domain-verification',
    pattern: /^[a-z0-9]{30}$/,
    example: '30 lower-case letters and digits',
  },
  naver: { name: 'Naver', meta: 'naver-site-verification', pattern: /^[0-9a-f]{40}$/i, example: '40 hexadecimal characters' },
} as const;
export type VerificationService = keyof typeof VERIFICATION_SERVICES;
export const VERIFICATION_SERVICE_IDS = Object.keys(VERIFICATION_SERVICES) as VerificationService[];

export const seoMessages = {
  titleTooLong: `A title cannot exceed ${TITLE_MAX} characters`,
  descriptionTooLong: `A description cannot exceed ${DESCRIPTION_MAX} characters`,
  invalidToken: (service: VerificationService) =>
    `This is not a ${VERIFICATION_SERVICES[service].name} code: it is ${VERIFICATION_SERVICES[service].example}. Paste the code, or the whole meta tag.`,
  invalidChoice: 'Please choose one of the available options',
  notAllowed: (plans: string) => `SEO tools come with ${plans}.`,
  shareImageMissing: 'Please upload the share image again: this one is not among your uploads.',
  altTooLong: 'Alternative text cannot exceed 200 characters',
} as const;

/** One line of text, trimmed (the page draws any line breaks in it as spaces). */
const line = (max: number, message: string) => z.string().trim().max(max, message);

/** The code from what a search console gives: the code itself, or the whole `<meta … content="…">` tag pasted. */
function tokenOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const pasted = /content\s*=\s*["']([^"']*)["']/i.exec(value);
  return (pasted ? pasted[1]! : value).trim();
}

/** One console's code, as stored: '' for none, else in its console's format. */
const code = (service: VerificationService) =>
  z.union([z.literal(''), z.string().max(200).regex(VERIFICATION_SERVICES[service].pattern, seoMessages.invalidToken(service))]);
/** One console's code as sent: the code, or the whole meta tag pasted. */
const pastedCode = (service: VerificationService) => z.preprocess(tokenOf, code(service));

/** The codes by console, each read by `read`: stored, or as sent. */
function verificationsOf(read: (service: VerificationService) => z.ZodType<string>) {
  return z
    .object({
      google: read('google'),
      bing: read('bing'),
      yandex: read('yandex'),
      pinterest: read('pinterest'),
      facebook: read('facebook'),
      naver: read('naver'),
    })
    .partial()
    .strict();
}

export const seoSettingsSchema = z
  .object({
    /** The search result's title; '' draws "Name (@username) | Linkverse". */
    title: line(TITLE_MAX, seoMessages.titleTooLong),
    /** The search result's description; '' uses the page description (Customize), else the bio. */
    description: line(DESCRIPTION_MAX, seoMessages.descriptionTooLong),
    /** The share card's title and description; '' uses the search ones. */
    shareTitle: line(TITLE_MAX, seoMessages.titleTooLong),
    shareDescription: line(DESCRIPTION_MAX, seoMessages.descriptionTooLong),
    /** The page's own share image (an upload of kind share), or '' for the one drawn from its look. */
    shareImage: z.union([z.literal(''), z.string().regex(MEDIA_URL_PATTERN, seoMessages.shareImageMissing)]),
    /** What the share image shows, for those who cannot see it (og:image:alt). */
    shareImageAlt: line(200, seoMessages.altTooLong),
    /** The share image's size, as the server stored it (not sent in a save). */
    shareImageWidth: z.number().int().min(0),
    shareImageHeight: z.number().int().min(0),
    /** Keep the page out of search engines: noindex on the page, and out of sitemap.xml. */
    noindex: z.boolean(),
    /** The JSON-LD the page carries: a Person, an Organization, or none. */
    structuredData: z.enum(STRUCTURED_DATA_TYPES, { error: seoMessages.invalidChoice }),
    /** Each search console's code, by service; '' or absent for none. */
    verifications: verificationsOf(code),
  })
  .strict()
  .meta({ id: 'SeoSettings' });
export type SeoSettings = z.infer<typeof seoSettingsSchema>;

/** A save: any of the fields, those left out keep their value; a code may be sent as the whole meta tag its console gives. */
export const seoUpdateSchema = seoSettingsSchema
  .omit({ shareImageWidth: true, shareImageHeight: true })
  .extend({ verifications: verificationsOf(pastedCode) })
  .partial()
  .strict()
  .meta({ id: 'SeoUpdate' });
export type SeoUpdate = z.infer<typeof seoUpdateSchema>;

export const SEO_DEFAULTS: SeoSettings = {
  title: '',
  description: '',
  shareTitle: '',
  shareDescription: '',
  shareImage: '',
  shareImageAlt: '',
  shareImageWidth: 0,
  shareImageHeight: 0,
  noindex: false,
  structuredData: 'person',
  verifications: {},
};

/** A stored document as the page draws it: the defaults under what was saved; anything unreadable is the defaults. */
export function parseSeoDocument(text: string | null | undefined): SeoSettings {
  if (!text) return SEO_DEFAULTS;
  try {
    const parsed = seoSettingsSchema.partial().safeParse(JSON.parse(text));
    return parsed.success ? { ...SEO_DEFAULTS, ...parsed.data } : SEO_DEFAULTS;
  } catch {
    return SEO_DEFAULTS;
  }
}

/** GET and PUT /api/me/seo: the settings, whether the plan draws them, and the plans that do. */
export const seoAnswerSchema = z
  .object({
    settings: seoSettingsSchema,
    /** False on a plan without SEO tools: the settings are kept, and the page is drawn without them. */
    applied: z.boolean(),
    /** The plans that have SEO tools, said: 'Business'. */
    plans: z.string(),
  })
  .meta({ id: 'SeoAnswer' });
export type SeoAnswer = z.infer<typeof seoAnswerSchema>;

/** What a page says of itself in a search result and on a share card, with SEO tools applied or not. */
export interface PageAppearance {
  title: string;
  description: string;
  shareTitle: string;
  shareDescription: string;
}

/** The page's own words when no SEO field says otherwise: "Name (@username) · Linkverse", the page description, else the bio. */
export function appearanceOf(page: PublicPage, seo: SeoSettings | undefined): PageAppearance {
  const { profile, customization } = page;
  const name = profile.displayName || profile.username;
  // One line each: a line break saved in a field is a space in every result and card.
  const oneLine = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim() ?? '';
  const title = oneLine(seo?.title) || pageTitle(`${name} (@${profile.username})`);
  const description = oneLine(seo?.description) || customization.description || profile.bio || `${name}'s links on ${SITE_NAME}`;
  return {
    title,
    description,
    shareTitle: oneLine(seo?.shareTitle) || title,
    shareDescription: oneLine(seo?.shareDescription) || description,
  };
}

/** One thing that holds the page back in search or on a share card, and how to fix it. */
export interface SeoCheck {
  id: string;
  level: 'problem' | 'advice';
  message: string;
  fix: string;
}

/** A link title that is only an address: it says where, not what. */
function isOnlyAddress(title: string): boolean {
  return /^(https?:\/\/|www\.)\S+$/i.test(title.trim()) || /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(title.trim());
}

/**
 * What holds the page back, for the check panel (issue 52 §3): the title and
 * the description missing or past what a result shows, link titles that are
 * only an address, and the page kept out of search engines.
 */
export function seoChecksOf(page: PublicPage, seo: SeoSettings): SeoCheck[] {
  const checks: SeoCheck[] = [];
  const shown = appearanceOf(page, seo);
  if (seo.noindex) {
    checks.push({
      id: 'noindex',
      level: 'problem',
      message: 'Your page is kept out of search engines.',
      fix: 'Turn off “Hide from search engines” when you want people to find it by searching.',
    });
  }
  if (!seo.title) {
    checks.push({
      id: 'title-missing',
      level: 'advice',
      message: `No title of your own: results show “${shown.title}”.`,
      fix: 'Write a title that says who you are and what you do, in under 60 characters.',
    });
  } else if (seo.title.length > SEARCH_TITLE_SHOWN) {
    checks.push({
      id: 'title-long',
      level: 'problem',
      message: `Your title is ${seo.title.length} characters: results cut it after about ${SEARCH_TITLE_SHOWN}.`,
      fix: 'Put the words that matter first, and shorten it.',
    });
  }
  if (!seo.description && !page.customization.description && !page.profile.bio) {
    checks.push({
      id: 'description-missing',
      level: 'problem',
      message: 'No description: search engines pick words from your page themselves.',
      fix: 'Write a description of one or two sentences, or add a bio.',
    });
  } else if (shown.description.length > SEARCH_DESCRIPTION_SHOWN) {
    checks.push({
      id: 'description-long',
      level: 'problem',
      message: `Your description is ${shown.description.length} characters: results cut it after about ${SEARCH_DESCRIPTION_SHOWN}.`,
      fix: 'Say the most important thing in the first 160 characters.',
    });
  }
  if (shown.shareTitle.length > SHARE_TITLE_SHOWN) {
    checks.push({
      id: 'share-title-long',
      level: 'advice',
      message: `Your share title is ${shown.shareTitle.length} characters: cards cut it after about ${SHARE_TITLE_SHOWN}.`,
      fix: 'Write a shorter share title.',
    });
  }
  if (seo.shareImage) {
    const size = `${seo.shareImageWidth} × ${seo.shareImageHeight}`;
    if (seo.shareImageWidth < SHARE_IMAGE_SMALLEST.width || seo.shareImageHeight < SHARE_IMAGE_SMALLEST.height) {
      checks.push({
        id: 'share-image-small',
        level: 'problem',
        message: `Your share image is ${size}: some networks show it small, or not at all.`,
        fix: `Upload one of at least ${SHARE_UPLOAD_MAX.width} × ${SHARE_UPLOAD_MAX.height}.`,
      });
    } else if (seo.shareImageWidth < SHARE_UPLOAD_MAX.width) {
      checks.push({
        id: 'share-image-small',
        level: 'advice',
        message: `Your share image is ${size}: large cards look sharpest at ${SHARE_UPLOAD_MAX.width} × ${SHARE_UPLOAD_MAX.height}.`,
        fix: 'Upload a larger one when you have it.',
      });
    }
    if (!seo.shareImageAlt) {
      checks.push({
        id: 'share-image-alt',
        level: 'problem',
        message: 'Your share image has no alternative text.',
        fix: 'Say in a sentence what it shows: screen readers read it out where the card appears.',
      });
    }
  }
  for (const link of page.links) {
    if (isOnlyAddress(link.title)) {
      checks.push({
        id: `link-title-${link.id}`,
        level: 'problem',
        message: `The link “${link.title}” is titled with its address.`,
        fix: 'Give it a title that says what people find there (search engines and screen readers read it).',
      });
    }
  }
  return checks;
}
