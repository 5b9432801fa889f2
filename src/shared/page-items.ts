// The kinds of a page's items and what the dashboard calls each block (issue
// 30), with no schema: the dashboard's first load names them without loading
// the schema library (blocks.ts exports them with the schemas).

export const BLOCK_TYPES = ['header', 'text', 'divider', 'embed'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
export const PAGE_ITEM_TYPES = ['link', ...BLOCK_TYPES] as const;
export type PageItemType = (typeof PAGE_ITEM_TYPES)[number];

/** What each block is called in the dashboard and in messages. */
export const BLOCK_NAMES: Record<BlockType, string> = { header: 'Header', text: 'Text', divider: 'Divider', embed: 'Embed' };
