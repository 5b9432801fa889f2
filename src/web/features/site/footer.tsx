import { Link } from 'react-router';
import { Logo } from './logo.tsx';
import { currentYear } from '#web/lib/utils.ts';

const columns = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/examples', label: 'Examples' },
    ],
  },
  {
    title: 'Services',
    links: [
      { to: '/services/profile-creation', label: 'Profile Creation' },
      { to: '/services/analytics', label: 'Analytics' },
      { to: '/services/business-solutions', label: 'Business Solutions' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/guides', label: 'Guides' },
      { to: '/docs', label: 'Docs' },
      { to: '/support', label: 'Support' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="border-t border-border bg-surface/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted">One link for everything you create. Self-hosted, fast and yours.</p>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted transition-colors hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-border py-6 text-center text-xs text-muted">© {currentYear()} Linkverse. All rights reserved.</p>
    </footer>
  );
}
