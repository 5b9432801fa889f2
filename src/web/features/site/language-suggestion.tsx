import { X } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { LANGUAGES, LANGUAGE_CODES, type Language, directionOf } from '#shared/i18n/languages.ts';
import { siteAddressIn } from '#shared/i18n/site-addresses.ts';
import { wordsIn } from '#web/lib/words.ts';

const words = {
  text: /*i18n*/ { id: 'site.suggestion.text', message: 'This site is also in English.' },
  go: /*i18n*/ { id: 'site.suggestion.go', message: 'Switch to English' },
  dismiss: /*i18n*/ { id: 'site.suggestion.dismiss', message: 'Not now' },
} as const;

/**
 * The suggestions a home page makes (issue 54): for each other language, in that language, that the site speaks it.
 * All drawn hidden, outside the app's root, at build time; the static pages' script shows the one of the browser's
 * language (suggestLanguage), until it is followed or put away. Never a redirect: a search engine and a shared link
 * see the page as its address says.
 */
export function LanguageSuggestions({ current }: { current: Language }) {
  return (
    <>
      {LANGUAGE_CODES.filter((language) => language !== current).map((language) => {
        const t = wordsIn('site', language);
        return (
          <aside
            key={language}
            hidden
            data-language-suggestion={language}
            lang={language}
            dir={directionOf(language)}
            aria-label={LANGUAGES[language].name}
            className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-2xl border border-primary/40 bg-surface/95 p-4 text-sm text-white shadow-2xl shadow-black/50 backdrop-blur-xl"
          >
            <p className="min-w-0 flex-1">{t(words.text)}</p>
            <Button asChild size="sm">
              <a href={siteAddressIn(language, '/')} hrefLang={language}>
                {t(words.go)}
              </a>
            </Button>
            <Button variant="ghost" size="icon" data-language-suggestion-dismiss>
              <X aria-hidden="true" />
              <span className="sr-only">{t(words.dismiss)}</span>
            </Button>
          </aside>
        );
      })}
    </>
  );
}
