import { Suspense } from 'react';
import { fontStylesheetOf } from '#shared/customization.ts';

/**
 * The @font-face rules of a font the app does not load itself (it has Inter),
 * from the same files the public page uses. React 19 hoists the link into the
 * head and waits for it before showing what it sits in: its own boundary keeps
 * that wait to the link, so a page or a tab never falls back to its loading
 * state while a font's stylesheet arrives.
 */
export function FontStylesheet({ font }: { font: string }) {
  const href = fontStylesheetOf(font);
  if (href === null) return null;
  return (
    <Suspense fallback={null}>
      <link rel="stylesheet" href={href} precedence="default" />
    </Suspense>
  );
}
