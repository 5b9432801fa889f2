// The script of a page whose content does not change after load (the landing
// page, the product pages, the pricing page, the examples, the written pages, and the account
// pages, whose card alone hydrates; issue 27 §4).
// The build drew it (the pricing page: the server, with its settings)
// from the app's own components, as an anonymous visitor sees it; a visitor
// who is not signed in needs none of React for it, only what the markup cannot
// do alone (site-page-behaviour.ts). Its menus open without script.
// Someone who may be signed in gets the app, drawn afresh with their own state,
// as does a page that must first say something ('Logged out').
// Before any of zod loads (the forms' schemas, on the account pages): as in main.tsx.
import './lib/zod-jitless.ts';
import { mayHaveSession } from '#web/lib/session-hint.ts';
import { hasPendingAnnouncement } from './lib/announcements.ts';
import { showExamples } from './features/examples/examples-behaviour.ts';
import { AUTH_ISLAND_CARDS } from './features/auth/auth-island-cards.ts';
import type { AuthIslandName } from './features/auth/auth-card.tsx';
import { loadSiteFeatures } from '#web/lib/site-features.ts';
import {
  followNavbarScroll,
  mirrorClaimedName,
  showCheckoutCancelled,
  showSiteFeatures,
  suggestLanguage,
} from './features/site/site-page-behaviour.ts';

if (mayHaveSession() || hasPendingAnnouncement()) {
  // The app's entry (main.tsx), named by the build in the page (scripts/build-web.mjs).
  const app = document.querySelector<HTMLMetaElement>('meta[name="linkverse-app"]')?.content;
  if (app) void import(/* @vite-ignore */ app);
} else {
  const header = document.querySelector('header');
  if (header) followNavbarScroll(header);
  const claimBox = document.querySelector<HTMLInputElement>('#claim-username');
  if (claimBox) mirrorClaimedName(claimBox, document);
  showCheckoutCancelled(document, location.search);
  showExamples(document);
  suggestLanguage(document, navigator.languages);
  // Without them the page is whole: the Community link stays hidden, the line empty.
  showSiteFeatures(document).catch(() => undefined);
  // An account page hydrates its card alone, which then marks the page ready; loaded once the page has
  // painted (the frame after this one), so that React's work does not hold back its first paint. The
  // card was drawn with the site's features (site-pages.ts), which it hydrates with.
  const island = document.querySelector<HTMLElement>('[data-auth-island]');
  if (island) {
    const hydrate = async () => {
      const features = loadSiteFeatures().catch(() => undefined);
      // The card's modules (with its form's schemas), then, in a later task, React's DOM renderer: a module
      // graph is evaluated in one task, which nothing can interrupt, and together they made one of some
      // 100 ms on a slow phone (Lighthouse's 4× slowdown), half of it over the 50 ms a long task is.
      // With the words of the page's language (issue 54), before React draws over the page in them.
      const [Card, { loadWords }] = await Promise.all([
        AUTH_ISLAND_CARDS[island.dataset.authIsland as AuthIslandName](),
        import('./lib/words.ts'),
      ]);
      await loadWords('site', document.documentElement.lang);
      await new Promise((resolve) => setTimeout(resolve));
      const { hydrateAuthIsland } = await import('./features/auth/auth-island.tsx');
      hydrateAuthIsland(island, Card, await features);
    };
    requestAnimationFrame(() => setTimeout(() => void hydrate()));
  }
  // Browser tests wait for it, as for the app (AppReady).
  else document.documentElement.dataset.app = 'ready';
}
