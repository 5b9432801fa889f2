// A message catalog compiled at build time (scripts/catalogs.ts).
declare module '*.json?catalog' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

// Every catalog, and the tests' pseudo-language, by code (scripts/catalogs.ts).
declare module 'virtual:linkverse-catalogs' {
  import type { Messages } from '@lingui/core';
  export const catalogs: Record<string, Messages>;
}

// For the browser, each scope's loader by language but English: a chunk per scope and language (scripts/catalogs.ts, CATALOG_SCOPES).
declare module 'virtual:linkverse-catalog-loaders' {
  import type { Messages } from '@lingui/core';
  export const loaders: Record<'page' | 'site' | 'app', Record<string, (() => Promise<{ messages: Messages }>) | undefined>>;
}
