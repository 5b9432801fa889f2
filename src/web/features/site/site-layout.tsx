import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

/**
 * Header and footer around every app route except the dashboard (spec 001 §2).
 * Each sits in its own Suspense boundary: a prerendered page then hydrates
 * them apart from the page, in slices between which the browser can answer
 * input, instead of in one long task (issue 11). None of them suspends.
 * While the site is closed (coming-soon mode) a visitor reaches only the login
 * page, without them: every link in them would lead back to the coming-soon page.
 */
export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="open-site-only contents">
        <Suspense>
          <Navbar />
        </Suspense>
      </div>
      <main className="flex-1">
        <Outlet />
      </main>
      <div className="open-site-only contents">
        <Suspense>
          <Footer />
        </Suspense>
      </div>
    </div>
  );
}
