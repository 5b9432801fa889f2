import { type JSX, StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type Navigator, Router, type To, createPath } from 'react-router';
import { AppReady } from '#web/app-ready.tsx';
import { announceOnNextPage } from '#web/lib/announcements.ts';
import { cn } from '#web/lib/utils.ts';
import type { SiteFeatures } from '#shared/account.ts';
import { SiteFeaturesContext } from '#web/lib/use-site-features.ts';

// An account page (/login, /register, /forgot-password…) for a visitor who is
// not signed in (issue 27 §4): the page is static (site-page.ts), and only its
// card, the form, hydrates here. The navbar and the footer stay the HTML the
// server sent.

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

/**
 * Hydrates the card a static page drew in an AuthIsland element, with the
 * site's features it was drawn with (site-pages.ts), when they could be read.
 */
export function hydrateAuthIsland(island: HTMLElement, Card: () => JSX.Element, features: SiteFeatures | undefined): void {
  announceOnNextPage();
  const { pathname, search, hash } = window.location;
  const hydrate = () =>
    // As the app hydrates (main.tsx): in slices, yielding to the browser between them.
    startTransition(() => {
      hydrateRoot(
        island,
        // Not the app's shell: no toasts' host, whose script would load for nothing. What the card announces
        // is said by the page loaded next (announceOnNextPage, above).
        <StrictMode>
          <SiteFeaturesContext value={features}>
            <Router location={{ pathname, search, hash }} navigator={documentNavigator}>
              <Card />
              <AppReady />
            </Router>
          </SiteFeaturesContext>
        </StrictMode>,
      );
    });
  // The class merger builds its tables on its first call (some 10 ms here, 40 on a slow phone), which no slice
  // of React's could yield in the middle of: in a task of its own, after the modules' evaluation and before React's.
  setTimeout(() => {
    cn();
    setTimeout(hydrate);
  });
}
