import '@fontsource-variable/inter';
import './styles.css';
// ProfileView's look, in the app's one stylesheet (4 kB in brotli): /examples and the
// dashboard's preview draw it, and a second stylesheet held back /examples' first paint.
import '#profile/profile.css';
import '#profile/profile-options.css';
import './lib/zod-jitless.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { mayHaveSession } from '#web/lib/session-hint.ts';
import { AppRoutes } from './routes.tsx';
import { announcePending } from './lib/announcements.ts';
import type { SiteFeatures } from '#shared/account.ts';
import { SiteFeaturesContext, loadSiteFeatures } from '#web/lib/use-site-features.ts';
import { guardBackAndForward } from '#web/lib/unsaved-changes.ts';
import { siteLanguageOf } from '#shared/i18n/site-addresses.ts';
import { loadWords } from '#web/lib/words.ts';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
// Before the router mounts: Back and Forward away from unsaved edits ask first.
guardBackAndForward();

// The declarative router: no route loads data through the router, and it is
// half the size of the data router on the landing page's first load (issue 11).
const app = (
  <AppShell>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppShell>
);

// A prerendered page was rendered for an anonymous visitor: it hydrates as it is.
// Someone who may be signed in sees their own state drawn afresh instead.
// A signed-in page's shell holds only a placeholder (the dashboard's skeleton): drawn over, never hydrated.
const prerendered = root.firstElementChild !== null && !root.firstElementChild.hasAttribute('data-placeholder');
// Hydrated as a transition: React then works in slices of a few milliseconds and
// yields to the browser between them, instead of one long task that blocks the
// page while a phone runs the whole tree (issue 27: total blocking time).
// A page the server drew with the site's features (its plans, its single sign-on) hydrates with them.
// A site page in another language is drawn once its words are in (issue 54): as it was sent, not in English first.
// Not awaited at the module's top: a top-level await splits the app's entry into many small files.
const words = loadWords('site', siteLanguageOf(location.pathname).language);
if (prerendered && !mayHaveSession()) {
  const hydrate = (features?: SiteFeatures) =>
    void words.then(() => startTransition(() => void hydrateRoot(root, <SiteFeaturesContext value={features}>{app}</SiteFeaturesContext>)));
  if (root.hasAttribute('data-site-rendered')) loadSiteFeatures().then(hydrate, () => hydrate());
  else hydrate();
} else void words.then(() => createRoot(root).render(app));
void announcePending();
