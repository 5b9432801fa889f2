import type { MessageDescriptor } from '@lingui/core';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';
import { currentYear } from '#web/lib/utils.ts';
import { useSiteAddress, useSiteWords } from '#web/lib/site-words.ts';
import { chromeWords as words } from './chrome-words.ts';
import { LanguageLinks } from './language-switcher.tsx';

const columns: { title: MessageDescriptor; links: { to: string; label: MessageDescriptor }[] }[] = [
  {
    title: words.footerProduct,
    links: [
      { to: '/features', label: words.features },
      { to: '/pricing', label: words.pricing },
      { to: '/examples', label: words.examples },
    ],
  },
  {
    title: words.services,
    links: [
      { to: '/services/profile-creation', label: words.profileCreation },
      { to: '/services/analytics', label: words.analytics },
      { to: '/services/business-solutions', label: words.businessSolutions },
    ],
  },
  {
    title: words.footerResources,
    links: [
      { to: '/blog', label: words.blog },
      { to: '/guides', label: words.guides },
      { to: '/docs', label: words.docs },
      { to: '/support', label: words.support },
    ],
  },
  {
    title: words.footerCompany,
    links: [
      { to: '/about', label: words.about },
      { to: '/privacy', label: words.privacy },
      { to: '/terms', label: words.terms },
    ],
  },
];

export function Footer() {
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  return (
    <footer className="border-t border-border bg-surface/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted">{t(words.tagline)}</p>
        </div>
        {columns.map((column) => (
          <div key={column.title.id}>
            <h2 className="text-sm font-semibold text-white">{t(column.title)}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={addressOf(link.to)} className="text-sm text-muted transition-colors hover:text-white">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-8 sm:px-6">
        <LanguageLinks />
      </div>
      <p className="border-t border-border py-6 text-center text-xs text-muted">{t(words.rights, { year: currentYear() })}</p>
    </footer>
  );
}
