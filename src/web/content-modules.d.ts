// Virtual modules made at build time by scripts/content-plugin.ts and scripts/examples-plugin.ts.
declare module 'virtual:linkverse-content-meta' {
  /** Every written page's address, title and description (small: loaded with the app for titles). */
  export const CONTENT_META: readonly import('./features/content/content-types.ts').ContentMeta[];
}

declare module 'virtual:linkverse-content' {
  /** Every written page with its HTML (loaded only by the content pages' chunk). */
  export const CONTENT: readonly import('./features/content/content-types.ts').ContentEntry[];
}

declare module 'virtual:linkverse-example-pages' {
  /** The example pages, drawn to HTML at build time (features/examples/example-pages.tsx). */
  export const EXAMPLE_PAGES: readonly import('./features/examples/example-pages.tsx').ExamplePage[];
}
