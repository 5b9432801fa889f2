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

// Each catalog's loader by code, for the browser: a chunk per language (scripts/catalogs.ts).
declare module 'virtual:linkverse-catalog-loaders' {
  import type { Messages } from '@lingui/core';
  export const loaders: Record<string, () => Promise<{ messages: Messages }>>;
}
