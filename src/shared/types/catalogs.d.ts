// A message catalog compiled at build time (scripts/catalogs.ts).
declare module '*.json?catalog' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
