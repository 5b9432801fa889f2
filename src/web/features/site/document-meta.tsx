import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { directionOf } from '#shared/i18n/languages.ts';
import { useSiteLanguage } from '#web/lib/site-words.ts';
import { shownMetaFor } from './page-meta.ts';

function setHeadElement(selector: string, create: () => HTMLElement, attribute: string, value: string): void {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

/**
 * Keeps the title, description, canonical address and language of the page on screen
 * after a navigation inside the app (the server sends them with the first page).
 */
export function DocumentMeta() {
  const { pathname } = useLocation();
  const language = useSiteLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }, [language]);
  useEffect(() => {
    const meta = shownMetaFor(pathname);
    document.title = meta.title;
    setHeadElement(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      'content',
      meta.description,
    );
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    // The server names the site's origin (PUBLIC_URL) in the first page's canonical link.
    if (canonical) canonical.href = new URL(pathname, canonical.href).href;
  }, [pathname]);
  return null;
}
