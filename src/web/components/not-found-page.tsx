import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useSiteAddress, useSiteWords } from '#web/lib/site-words.ts';

/** The 404 page's words (issue 54), in the language of the address that was not found. */
export const notFoundWords = {
  title: /*i18n*/ { id: 'site.notFound.title', message: '404 Page Not Found' },
  text: /*i18n*/ { id: 'site.notFound.text', message: 'The page you are looking for does not exist or has moved.' },
  home: /*i18n*/ { id: 'site.notFound.home', message: 'Back to home' },
} as const;

export function NotFoundPage() {
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  return (
    <section className="flex min-h-[70dvh] flex-col items-center justify-center gap-5 px-6 pt-24 text-center">
      <p className="text-gradient text-7xl font-black">404</p>
      <h1 className="text-2xl font-bold">{t(notFoundWords.title)}</h1>
      <p className="max-w-md text-muted">{t(notFoundWords.text)}</p>
      <Button asChild>
        <Link to={addressOf('/')}>{t(notFoundWords.home)}</Link>
      </Button>
    </section>
  );
}
