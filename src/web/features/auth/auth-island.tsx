import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type Navigator, Router, type To, createPath } from 'react-router';
import { AppShell } from '#web/app-shell.tsx';
import { AppReady } from '#web/app-ready.tsx';
import { announceOnNextPage } from '#web/lib/announcements.ts';
import type { AuthIslandName } from './auth-card.tsx';
import { LoginCard } from './login-page.tsx';
import { RegisterCard } from './register-page.tsx';

// /login and /register for a visitor who is not signed in (issue 27 §4): the
// page is static (site-page.ts), and only its card, the form, hydrates here.
// The navbar and the footer stay the build's HTML.

const CARDS: Record<AuthIslandName, () => React.JSX.Element> = { login: LoginCard, register: RegisterCard };

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The island holds no routes but its card's: every navigation from it (a link,
 * the dashboard once signed in) loads the page whole, which the server sends
 * and the app draws.
 */
const documentNavigator: Navigator = {
  createHref: hrefOf,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(hrefOf(to)),
  replace: (to) => window.location.replace(hrefOf(to)),
};

/** Hydrates the card a static page drew in an AuthIsland element. */
export function hydrateAuthIsland(island: HTMLElement): void {
  announceOnNextPage();
  const Card = CARDS[island.dataset.authIsland as AuthIslandName];
  const { pathname, search, hash } = window.location;
  // As the app hydrates (main.tsx): in slices, yielding to the browser between them.
  startTransition(() => {
    hydrateRoot(
      island,
      <AppShell>
        <Router location={{ pathname, search, hash }} navigator={documentNavigator}>
          <Card />
          <AppReady />
        </Router>
      </AppShell>,
    );
  });
}
