import type { MessageDescriptor } from '@lingui/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { ProfileView } from '#profile/profile-view.tsx';
import { english } from '#web/lib/words.ts';
import { fontStylesheetOf } from '#shared/customization.ts';
import { EXAMPLE_PROFILES } from './example-profiles.ts';

// The example pages as HTML, drawn at build time by the ProfileView every
// public page uses (scripts/examples-plugin.ts). /examples shows this markup
// as it is: three pages nobody can change need no React on the phone, which
// then neither downloads ProfileView nor hydrates three pages (issue 27).

export interface ExamplePage {
  summary: MessageDescriptor;
  username: string;
  name: string;
  /** The stylesheet of the page's font, which /examples asks for; null for Inter, the app's own. */
  fontStylesheet: string | null;
  /** The page as ProfileView draws it, embedded; its links open nothing. */
  html: string;
}

export const EXAMPLE_PAGES: readonly ExamplePage[] = EXAMPLE_PROFILES.map(({ summary, page }) => ({
  summary,
  username: page.profile.username,
  name: page.profile.displayName,
  fontStylesheet: fontStylesheetOf(page.customization.font),
  html: renderToStaticMarkup(<ProfileView page={page} hrefOf={() => undefined} embedded t={english} />),
}));
