import { Languages } from 'lucide-react';
import { useLocation } from 'react-router';
import { LANGUAGES, LANGUAGE_CODES } from '#shared/i18n/languages.ts';
import { isTranslatedSitePath, siteAddressIn, siteLanguageOf } from '#shared/i18n/site-addresses.ts';
import { useSiteWords } from '#web/lib/site-words.ts';
import { cn } from '#web/lib/utils.ts';
import { chromeWords as words } from './chrome-words.ts';

/**
 * The site's languages (issue 54), each named in itself and leading to the page on screen in it, or to its home
 * where the page has no translation. Plain links, which a static page follows without script, and the app
 * loads with the language's words.
 */
export function LanguageLinks({ className }: { className?: string }) {
  const t = useSiteWords();
  const { pathname } = useLocation();
  const { language: current, path } = siteLanguageOf(pathname);
  const target = isTranslatedSitePath(path) ? path : '/';
  return (
    <nav aria-label={t(words.language)} className={cn('flex flex-wrap items-center gap-x-1 gap-y-1 text-sm', className)}>
      <Languages className="me-1 size-4 shrink-0 text-muted" aria-hidden="true" />
      {LANGUAGE_CODES.map((language) => (
        <a
          key={language}
          href={siteAddressIn(language, target)}
          lang={language}
          hrefLang={language}
          // Each language's name in itself, never translated.
          translate="no"
          aria-current={language === current ? 'page' : undefined}
          className="rounded-md px-2 py-1.5 text-muted transition-colors hover:bg-white/5 hover:text-white aria-[current=page]:font-semibold aria-[current=page]:text-white"
        >
          {LANGUAGES[language].name}
        </a>
      ))}
    </nav>
  );
}
