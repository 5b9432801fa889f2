import { z } from 'zod';
import { EMBED_PROVIDERS, embedUrlSchema } from './embeds.ts';
import { LINK_TITLE_MAX_LENGTH, linkSchema, normalizeLinkUrl, startBeforeEnd, windowFields } from './links.ts';
import { BLOCK_NAMES, BLOCK_TYPES, type BlockType, PAGE_ITEM_TYPES, type PageItemType } from './page-items.ts';

// Blocks beside links (issue 30): a header, a text, a divider or an embed, in the same
// ordered list as the links and scheduled like them. Links keep their shape;
// every item names its `type`.

export const HEADER_MAX_LENGTH = LINK_TITLE_MAX_LENGTH;
export const TEXT_BLOCK_MAX_LENGTH = 500;

/**
 * What a block is called ('header “Shop”', 'text block', 'divider', 'embed
 * “Live at Paradiso”'): the dashboard's controls and Recent Activity say it.
 */
export function blockNameOf(type: BlockType, title: string): string {
  switch (type) {
    case 'header':
      return `header “${title}”`;
    case 'text':
      return 'text block';
    case 'divider':
      return 'divider';
    case 'embed':
      return title ? `embed “${title}”` : 'embed';
  }
}

export const blockMessages = {
  unknownType: 'Please choose a header, a text, a divider or an embed',
  headerMissing: 'Please write a title for the header',
  headerTooLong: `A header cannot exceed ${HEADER_MAX_LENGTH} characters`,
  textMissing: 'Please write the text',
  textTooLong: `Text cannot exceed ${TEXT_BLOCK_MAX_LENGTH} characters`,
  noChanges: 'Nothing to update',
  notFound: 'Block not found',
  /** A field the block's type does not have ('A divider has no title'). */
  fieldNotForType: (type: BlockType, field: 'title' | 'text' | 'url') =>
    `${type === 'embed' ? 'An' : 'A'} ${BLOCK_NAMES[type].toLowerCase()} has no ${field === 'url' ? 'address' : field}`,
} as const;

const headerTitleSchema = z
  .string({ error: blockMessages.headerMissing })
  .trim()
  .min(1, blockMessages.headerMissing)
  .max(HEADER_MAX_LENGTH, blockMessages.headerTooLong);

/** Plain text with line breaks: trimmed, Windows line ends made one, no control characters but the line break. */
const textBodySchema = z
  .string({ error: blockMessages.textMissing })
  .transform((value) => value.replaceAll('\r\n', '\n').trim())
  // eslint-disable-next-line no-control-regex -- control characters (other than the line break) are taken out
  .transform((value) => value.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ''))
  .pipe(z.string().min(1, blockMessages.textMissing).max(TEXT_BLOCK_MAX_LENGTH, blockMessages.textTooLong));

const blockWindow = {
  isActive: windowFields.isActive.default(true),
  startsAt: windowFields.startsAt.default(null),
  endsAt: windowFields.endsAt.default(null),
};

/** Each block as it is added (a page file's items add the embed's title and picture). */
export const headerBlockInput = z.object({ type: z.literal('header'), title: headerTitleSchema, ...blockWindow });
export const textBlockInput = z.object({ type: z.literal('text'), text: textBodySchema, ...blockWindow });
export const dividerBlockInput = z.object({ type: z.literal('divider'), ...blockWindow });
export const embedBlockInput = z.object({ type: z.literal('embed'), url: embedUrlSchema, ...blockWindow });

/** POST /api/links/blocks */
export const createBlockSchema = z
  .discriminatedUnion('type', [headerBlockInput, textBlockInput, dividerBlockInput, embedBlockInput], {
    error: blockMessages.unknownType,
  })
  .superRefine(startBeforeEnd);
export type CreateBlockInput = z.infer<typeof createBlockSchema>;

/** PATCH /api/links/blocks/{id}: the header's title, the text's words, the embed's address, its switch and schedule. */
export const updateBlockSchema = z
  .object({
    title: headerTitleSchema.optional(),
    text: textBodySchema.optional(),
    url: embedUrlSchema.optional(),
    isActive: windowFields.isActive.optional(),
    startsAt: windowFields.startsAt.optional(),
    endsAt: windowFields.endsAt.optional(),
  })
  .superRefine(startBeforeEnd)
  .refine((value) => Object.values(value).some((field) => field !== undefined), blockMessages.noChanges);
export type UpdateBlockInput = z.infer<typeof updateBlockSchema>;

const blockBase = linkSchema.pick({
  id: true,
  userId: true,
  position: true,
  isActive: true,
  startsAt: true,
  endsAt: true,
  createdAt: true,
  updatedAt: true,
}).shape;

export const headerBlockSchema = z
  .object({ ...blockBase, type: z.literal('header'), /** The section's title. */ title: z.string() })
  .meta({ id: 'HeaderBlock' });
export const textBlockSchema = z
  .object({
    ...blockBase,
    type: z.literal('text'),
    /** Plain text with line breaks; addresses in it become links through /go. */ text: z.string(),
  })
  .meta({ id: 'TextBlock' });
export const dividerBlockSchema = z.object({ ...blockBase, type: z.literal('divider') }).meta({ id: 'DividerBlock' });
export const embedBlockSchema = z
  .object({
    ...blockBase,
    type: z.literal('embed'),
    /** The video's or player's address at its provider, in canonical form. */ url: z.string(),
    provider: z.enum(EMBED_PROVIDERS),
    /** The title the provider gave when the embed was added; empty when it did not answer. */ title: z.string(),
    /** The provider's picture, fetched once by this server and re-encoded (`/media/…`); null when there was none. */
    thumbnail: z.string().nullable(),
  })
  .meta({ id: 'EmbedBlock' });

export const blockSchema = z
  .discriminatedUnion('type', [headerBlockSchema, textBlockSchema, dividerBlockSchema, embedBlockSchema])
  .meta({ id: 'Block' });
export type Block = z.infer<typeof blockSchema>;

/** One item of the page's ordered list: a link (its shape unchanged, `type: 'link'`) or a block. */
export const pageItemSchema = z
  .discriminatedUnion('type', [linkSchema, headerBlockSchema, textBlockSchema, dividerBlockSchema, embedBlockSchema])
  .meta({ id: 'PageItem' });
export type PageItem = z.infer<typeof pageItemSchema>;

/** A run of a text block: words, or an address found in them with what it opens. */
export interface TextPart {
  text: string;
  /** The address as a link opens it (https:// added to 'www.'); absent for plain words. */
  url?: string;
}

const ADDRESS_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;

/** Punctuation that ends a sentence rather than an address ('see example.com.'), and a closing bracket without its opening one. */
function trimAddress(candidate: string): string {
  let address = candidate.replace(/[.,;:!?]+$/, '');
  while (/[)\]}]$/.test(address)) {
    const close = address.at(-1)!;
    const open = { ')': '(', ']': '[', '}': '{' }[close]!;
    if (address.split(open).length >= address.split(close).length) break;
    address = address.slice(0, -1).replace(/[.,;:!?]+$/, '');
  }
  return address;
}

/**
 * A text block cut into words and the addresses in them (http, https or
 * 'www.'), each address checked by the same rule as a link's. The page sends
 * the n-th address through /go/{id}?to=n, so clicks on it count and its target
 * is the one stored.
 */
export function textPartsOf(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS_IN_TEXT)) {
    const address = trimAddress(match[0]);
    const checked = normalizeLinkUrl(address);
    if (!checked.ok) continue;
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ text: address, url: checked.url });
    from = match.index + address.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}

/** The n-th address of a text block, as /go/{id}?to=n opens it. */
export function textAddressOf(text: string, index: number): string | undefined {
  return textPartsOf(text).filter((part) => part.url !== undefined)[index]?.url;
}

export { BLOCK_NAMES, BLOCK_TYPES, type BlockType, PAGE_ITEM_TYPES, type PageItemType };
