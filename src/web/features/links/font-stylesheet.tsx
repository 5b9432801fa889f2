import { fontSlugOf } from '#shared/customization.ts';

/**
 * The @font-face rules of a font the app does not load itself (it has Inter),
 * from the same files the public page uses. React 19 hoists the link into the head.
 */
export function FontStylesheet({ font }: { font: string }) {
  if (font === 'Inter') return null;
  return <link rel="stylesheet" href={`/fonts/${fontSlugOf(font)}.css`} precedence="default" />;
}
