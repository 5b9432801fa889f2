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
  /** The example pages, mapped by toPublicProfile at build time (features/examples/example-profiles.ts). */
  export const EXAMPLE_PROFILES: readonly import('./features/examples/example-profiles.ts').ExampleProfile[];
}
