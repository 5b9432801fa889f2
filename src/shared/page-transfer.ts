import { z } from 'zod';
import { dividerBlockInput, embedBlockInput, headerBlockInput, textBlockInput } from './blocks.ts';
import { SITE_NAME } from './constants.ts';
import { countOf } from './counts.ts';
import { CUSTOMIZATION_MEDIA_FIELDS, customizationUpdateSchema } from './customization.ts';
import { CUSTOM_ICON, LINK_URL_MAX_LENGTH, createLinkSchema, linkMessages, startBeforeEnd } from './links.ts';
import { MEDIA_URL_PATTERN, type MediaKind } from './media.ts';
import { pageProfileSchema } from './profile-settings.ts';

// A whole page as one file (issue 32): the profile's page settings, every link
// and block in order, the look, and the files they show, embedded. Exported
// from one account, imported into another (here or on another site of ours),
// and the one shape every import from elsewhere (Linktree, LinkStack,
// LittleLink) is read into before the creator sees its preview.

export const PAGE_FILE_FORMAT = 'linkverse-page';
/** Raised when a field changes meaning; a file of another version is refused by name. */
export const PAGE_FILE_VERSION = 1;
/** Where the JSON Schema of the current version is published. */
export const PAGE_FILE_SCHEMA_PATH = '/api/schemas/page-export.json';
/** The smallest limit on a page file an import takes (issue 32: 10 MB); an account's own is larger (pageFileMaxBytes). */
export const PAGE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most any page file may weigh here, whatever the plan: the import holds it in memory while the media worker reads it. */
export const PAGE_IMPORT_CEILING_BYTES = 100 * 1024 * 1024;
/** Room in a page file for what is not a picture: 1 000 items and the look, as JSON. */
const PAGE_FILE_TEXT_BYTES = 4 * 1024 * 1024;

/**
 * The largest page file an account may import: what its own export can weigh (issue 51: a page file
 * the product exports comes back into it), so its upload space as base64 and the text around it, from
 * 10 MB up to PAGE_IMPORT_CEILING_BYTES. `uploadBytes`: the account's upload space (uploadBytesOf).
 */
export function pageFileMaxBytes(uploadBytes: number): number {
  return Math.min(PAGE_IMPORT_CEILING_BYTES, Math.max(PAGE_IMPORT_MAX_BYTES, Math.ceil((uploadBytes * 4) / 3) + PAGE_FILE_TEXT_BYTES));
}
/** As many items as a page's order takes (PUT /api/links/order). */
export const PAGE_FILE_MAX_ITEMS = 1000;
/** A page shows at most an avatar, a background, music, a cursor and a picture per item. */
export const PAGE_FILE_MAX_MEDIA = PAGE_FILE_MAX_ITEMS + 4;
/** An embed's title as the provider gave it (the embeds' own bound). */
const EMBED_TITLE_MAX_LENGTH = 200;

export const IMPORT_MODES = ['replace', 'append'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const pageTransferMessages = {
  notJson: 'This file is not JSON. Choose the .json file a page export gave you.',
  notOurFormat: `This is not a ${SITE_NAME} page file: its "format" should be "${PAGE_FILE_FORMAT}".`,
  wrongVersion: (version: unknown) =>
    `This page file is version ${typeof version === 'number' ? version : (JSON.stringify(version) ?? 'missing')}; this site reads version ${PAGE_FILE_VERSION}.`,
  tooLarge: (limit: string) => `The file is larger than ${limit}, the most an import takes on your plan.`,
  exportTooLarge: (size: string, limit: string) =>
    `This page file is ${size}: more than the ${limit} an import takes here. Remove pictures you no longer show to make it smaller.`,
  unknownMode: 'Please choose to replace your page or add to it',
  unknownSource: 'Please choose a page file, a Linktree address, a LinkStack export or a LittleLink page',
  mediaAddress: 'Please give the address of one of the file’s media (/media/{sha256}.{ext})',
  mediaData: 'A media file must be given as base64',
  unknownFields: (names: string[]) => `Unknown field${names.length === 1 ? '' : 's'}: ${names.join(', ')}`,
  mediaHashMismatch: (url: string) => `The media file ${url} does not match its SHA-256: the page file was changed or damaged.`,
  mediaMissing: (place: string) => `${place}: its file is not in the page file, so it was left out.`,
  mediaUnreadable: (place: string, reason: string) => `${place}: ${reason}`,
  nothingToImport: 'Nothing is chosen to import',
  imported: (count: number) => `${countOf(count, 'item')} imported`,
  // Imports from elsewhere: best-effort, and said to be.
  notLinktree: 'Please give the address of a Linktree page, such as https://linktr.ee/yourname',
  linktreeOff: 'This site does not fetch pages from other sites. Export your links there and import the file instead.',
  linktreeNotFound: 'Linktree has no page at this address',
  linktreeUnreachable: 'Linktree could not be reached just now. Please try again in a moment.',
  linktreeNoData:
    'This Linktree page does not hold the data an import reads (Linktree may have changed its pages): nothing was imported. Add your links by hand, or try again later.',
  notLinkStack: 'This is not a LinkStack export: it has no "links" list. Use "Export all data" in LinkStack.',
  notLittleLink: 'This is not a LittleLink page: it has no buttons. Choose your LittleLink index.html.',
  fileUnreadable: 'This file could not be read in time. Choose the .json file a page export gave you, as it was exported.',
  pageUnreadable:
    'This page could not be read: it is nested too deeply or too large to read in time. Choose your LittleLink index.html as it was published.',
  notMapped: (label: string, why: string) => `${label}: ${why}, so it is not imported.`,
  contactCardWhy: 'contact cards are not brought over (put your details in your bio or a text block)',
  plainLink: (label: string, kind: string) => `${label} was a ${kind} link there: it comes in as a plain link.`,
  ageGate: (label: string) => `${label} had an age gate: it gets the 18+ content warning.`,
  cut: (what: string, limit: number) => `The ${what} was longer than ${limit} characters and was cut.`,
  pictureUnreadable: 'The profile picture could not be read: upload one in the Profile tab.',
  pictureBeside: (path: string) => `The profile picture (${path}) is a file beside the page: upload it in the Profile tab.`,
  lookNotMapped: 'The other site’s theme is not brought over: choose a look in the Customize tab.',
  replaceWarning: 'Your links and blocks are replaced by the file’s; your name, bio, picture and look too, where the file has them.',
} as const;

/** A reference to one of the file's media: the address it had where it was exported. */
const mediaReference = z.string({ error: pageTransferMessages.mediaAddress }).regex(MEDIA_URL_PATTERN, pageTransferMessages.mediaAddress);

/** A file the page shows, embedded: its address (by SHA-256 of the bytes) and the bytes, base64. */
export const pageFileMediaSchema = z
  .strictObject({
    url: mediaReference.describe('/media/{sha256 of the bytes}.{ext}: how the profile, items and look refer to it'),
    mime: z.string().max(100).optional().describe('As it was served (informative: the content decides)'),
    data: z.base64({ error: pageTransferMessages.mediaData }).describe('The bytes, base64; re-encoded on import as an upload is'),
  })
  .meta({ id: 'PageFileMedia' });

/** An embed as a file keeps it: the provider's title and picture come with it, never asked again. */
const embedItem = embedBlockInput.safeExtend({
  title: z.string().trim().max(EMBED_TITLE_MAX_LENGTH).default(''),
  thumbnail: mediaReference.nullable().default(null),
});

/** One item of the page, as it is added: no id, position or times; links and blocks in one list. */
export const pageFileItemSchema = z
  .discriminatedUnion(
    'type',
    [createLinkSchema.safeExtend({ type: z.literal('link') }), headerBlockInput, textBlockInput, dividerBlockInput, embedItem],
    {
      error: 'Each item must be a link, a header, a text, a divider or an embed',
    },
  )
  .superRefine(startBeforeEnd)
  .meta({ id: 'PageFileItem' });
export type PageFileItem = z.infer<typeof pageFileItemSchema>;

/** The page file (version 1). Its JSON Schema is published at PAGE_FILE_SCHEMA_PATH. */
export const pageFileSchema = z
  .strictObject(
    {
      $schema: z.string().max(LINK_URL_MAX_LENGTH).optional().describe('This schema’s address, for editors'),
      format: z.literal(PAGE_FILE_FORMAT, { error: pageTransferMessages.notOurFormat }),
      version: z.literal(PAGE_FILE_VERSION, { error: (issue) => pageTransferMessages.wrongVersion(issue.input) }),
      exportedAt: z.string().max(40).optional().describe('When it was exported (ISO instant)'),
      /** The page's settings; left out, an import keeps the account's. */
      profile: pageProfileSchema.optional(),
      items: z.array(pageFileItemSchema).max(PAGE_FILE_MAX_ITEMS).default([]),
      /** The look, any of its fields (the rest are the defaults); left out, an import keeps the account's. */
      customization: customizationUpdateSchema.optional(),
      media: z.array(pageFileMediaSchema).max(PAGE_FILE_MAX_MEDIA).default([]),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? pageTransferMessages.unknownFields(issue.keys) : undefined) },
  )
  .meta({ id: 'PageFile' });
export type PageFile = z.infer<typeof pageFileSchema>;

/** POST /api/me/page-import: the file (as the preview answered it, less what was unticked) and what to do with the page. */
export const pageImportSchema = z.strictObject({
  mode: z.enum(IMPORT_MODES, { error: pageTransferMessages.unknownMode }),
  document: pageFileSchema,
});
export type PageImportInput = z.infer<typeof pageImportSchema>;

/** A Linktree page, by its address. */
const linktreeSourceSchema = z.strictObject({
  source: z.literal('linktree'),
  url: z
    .string({ error: linkMessages.invalidUrl })
    .trim()
    .min(1, linkMessages.invalidUrl)
    .max(LINK_URL_MAX_LENGTH, linkMessages.urlTooLong),
});

/** The form that asks for a Linktree page's address. */
export const linktreeAddressFormSchema = linktreeSourceSchema.pick({ url: true });

/** POST /api/me/page-import/preview: where the page comes from. */
export const importPreviewSchema = z.discriminatedUnion(
  'source',
  [
    z.strictObject({ source: z.literal('file'), document: pageFileSchema }),
    linktreeSourceSchema,
    /** LinkStack's "Export all data" file, as JSON. */
    z.strictObject({ source: z.literal('linkstack'), file: z.record(z.string(), z.unknown()) }),
    /** A LittleLink page's index.html. */
    z.strictObject({ source: z.literal('littlelink'), html: z.string().max(2 * 1024 * 1024) }),
  ],
  { error: pageTransferMessages.unknownSource },
);
export type ImportPreviewInput = z.infer<typeof importPreviewSchema>;
/** What a client sends for a preview. */
export type ImportPreviewRequest = z.input<typeof importPreviewSchema>;

export const importPreviewAnswerSchema = z
  .object({
    /** A page file, checked by pageFileSchema (its rules normalise, so the answer is declared by its shape alone). */
    document: z
      .custom<PageFile>((value) => typeof value === 'object' && value !== null)
      .meta({
        description: `A page file: see ${PAGE_FILE_SCHEMA_PATH}`,
      }),
    /** What could not be brought over as it was: shown before anything is saved. */
    notes: z.array(z.string()),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreviewAnswerSchema>;

export const importResultSchema = z
  .object({
    imported: z.object({ items: z.number().int(), media: z.number().int() }),
    /** Items not imported, each with why (the plan's link limit). */
    skipped: z.array(z.object({ title: z.string(), reason: z.string() })),
    /** Files left out (missing from the file, or not readable), said per place. */
    notes: z.array(z.string()),
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof importResultSchema>;

/** What an item is called in a preview, a note or a message ('Link “Shop”', 'Divider'). */
export function pageItemLabel(item: { type?: unknown; title?: unknown; text?: unknown }): string {
  const type = typeof item.type === 'string' ? item.type : 'item';
  const name = type.charAt(0).toUpperCase() + type.slice(1);
  const words = typeof item.title === 'string' && item.title ? item.title : typeof item.text === 'string' ? item.text : '';
  return words ? `${name} “${words.length > 40 ? `${words.slice(0, 39)}…` : words}”` : name;
}

/**
 * A page file's first problem, said with where it is ('Item 3 (Link “Shop”),
 * url: Please enter a valid URL'): an import names the first problem and
 * saves nothing.
 */
export function describePageFileProblem(issue: { path: readonly PropertyKey[]; message: string }, document: unknown): string {
  const [section, index, ...rest] = issue.path;
  const field = rest.map(String).join('.');
  const within = (label: string, fieldPath: string) =>
    fieldPath ? `${label}, ${fieldPath}: ${issue.message}` : `${label}: ${issue.message}`;
  if (section === 'items' && typeof index === 'number') {
    const item = (document as { items?: unknown[] } | null)?.items?.[index];
    const label = item && typeof item === 'object' ? ` (${pageItemLabel(item)})` : '';
    return within(`Item ${index + 1}${label}`, field);
  }
  if (section === 'media' && typeof index === 'number') return within(`Media ${index + 1}`, field);
  if (section === 'profile')
    return within(
      'Profile',
      [index, ...rest]
        .filter((part) => part !== undefined)
        .map(String)
        .join('.'),
    );
  if (section === 'customization')
    return within(
      'Look',
      [index, ...rest]
        .filter((part) => part !== undefined)
        .map(String)
        .join('.'),
    );
  return issue.message;
}

/** A place of the page that shows a file, and the kind of upload it must be. */
export interface MediaUse {
  reference: string;
  kind: MediaKind;
  place: string;
}

/** Every place of what an import brings in (by its mode) that names a file. */
export function mediaUsesOf(file: PageFile, mode: ImportMode): MediaUse[] {
  const uses: MediaUse[] = [];
  const add = (reference: string | null | undefined, kind: MediaKind, place: string) => {
    if (reference) uses.push({ reference, kind, place });
  };
  if (mode === 'replace') {
    add(file.profile?.profileImage, 'avatar', 'The profile picture');
    for (const [field, kind] of Object.entries(CUSTOMIZATION_MEDIA_FIELDS)) {
      add(file.customization?.[field as keyof typeof CUSTOMIZATION_MEDIA_FIELDS], kind, `The look's ${kind}`);
    }
  }
  file.items.forEach((item, index) => {
    const place = `Item ${index + 1} (${pageItemLabel(item)})`;
    if (item.type === 'link') {
      if (item.icon === CUSTOM_ICON) add(item.customIcon, 'icon', `${place}, its icon`);
      add(item.thumbnail, 'thumbnail', `${place}, its thumbnail`);
    }
    if (item.type === 'embed') add(item.thumbnail, 'embed', `${place}, its picture`);
  });
  return uses;
}
