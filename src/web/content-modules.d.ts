// Virtual modules made by scripts/content-plugin.ts at build time.
declare module 'virtual:linkverse-content-meta' {
  /** Every written page's address, title and description (small: loaded with the app for titles). */
  export const CONTENT_META: readonly import('./features/content/content-types.ts').ContentMeta[];
}

declare module 'virtual:linkverse-content' {
  /** Every written page with its HTML (loaded only by the content pages' chunk). */
  export const CONTENT: readonly import('./features/content/content-types.ts').ContentEntry[];
}
