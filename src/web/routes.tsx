import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { AppReady } from './app-ready.tsx';
import { Navigate, Outlet, type RouteObject, useRoutes } from 'react-router';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import { RedirectIfSignedIn, RequireUser } from './features/auth/guards.tsx';
import { CONTENT_PAGES } from './features/content/content-index.ts';
import { ClosedSiteBanner } from './features/site/closed-site-banner.tsx';
import { DashboardSkeleton } from './features/dashboard/dashboard-skeleton.tsx';
import { DocumentMeta } from './features/site/document-meta.tsx';
import { NotFoundPage } from '#web/components/not-found-page.tsx';
import { SiteLayout } from './features/site/site-layout.tsx';
import { LANGUAGE_CODES, directionOf } from '#shared/i18n/languages.ts';
import { Direction } from 'radix-ui';
import { useSiteLanguage } from '#web/lib/site-words.ts';
import { TRANSLATED_SITE_PATHS, type TranslatedSitePath, siteAddressIn } from '#shared/i18n/site-addresses.ts';

// Every page's code loads on demand: the landing page downloads neither the
// forms (zod) nor the dashboard, the admin or the charts.
// A prerendered page hydrates once its chunk is in (issue 11).
const LandingPage = lazy(() => import('./features/site/landing-page.tsx').then((module) => ({ default: module.LandingPage })));
const FeaturesPage = lazy(() => import('./features/site/product-pages.tsx').then((module) => ({ default: module.FeaturesPage })));
const ServicesPage = lazy(() => import('./features/site/product-pages.tsx').then((module) => ({ default: module.ServicesPage })));
const BusinessSolutionsPage = lazy(() =>
  import('./features/site/product-pages.tsx').then((module) => ({ default: module.BusinessSolutionsPage })),
);
const PricingPage = lazy(() => import('#web/features/purchases/pricing-page.tsx').then((module) => ({ default: module.PricingPage })));
const LoginPage = lazy(() => import('./features/auth/login-page.tsx').then((module) => ({ default: module.LoginPage })));
const ResetPasswordPage = lazy(() =>
  import('./features/auth/reset-password-page.tsx').then((module) => ({ default: module.ResetPasswordPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./features/auth/forgot-password-page.tsx').then((module) => ({ default: module.ForgotPasswordPage })),
);
const ConfirmEmailPage = lazy(() =>
  import('./features/auth/confirm-email-page.tsx').then((module) => ({ default: module.ConfirmEmailPage })),
);
const SingleSignOnReturnPage = lazy(() =>
  import('./features/auth/single-sign-on.tsx').then((module) => ({ default: module.SingleSignOnReturnPage })),
);
const RegisterPage = lazy(() => import('./features/auth/register-page.tsx').then((module) => ({ default: module.RegisterPage })));
const ContentPage = lazy(() => import('./features/content/content-page.tsx').then((module) => ({ default: module.ContentPage })));
const ExamplesPage = lazy(() => import('./features/examples/examples-page.tsx').then((module) => ({ default: module.ExamplesPage })));

/**
 * A signed-in page, loaded together with the query cache it reads the API
 * through (lib/query-client.tsx), which the public pages never download.
 * `preload` asks for its code as soon as its address opens, while the session
 * is checked rather than after: a phone's network then spends one round trip
 * less before the dashboard's first paint.
 */
function lazyWithQueries<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const loadPage = async () => {
    const [{ WithQueries }, Page] = await Promise.all([import('./lib/query-client.tsx'), load()]);
    function PageWithQueries(props: Props) {
      return (
        <WithQueries>
          <Page {...props} />
        </WithQueries>
      );
    }
    return { default: PageWithQueries };
  };
  let loading: ReturnType<typeof loadPage> | undefined;
  const preload = () => (loading ??= loadPage());
  return Object.assign(lazy(preload), { preload });
}

const DashboardPage = lazyWithQueries(() => import('./features/dashboard/dashboard-page.tsx').then((module) => module.DashboardPage));
const AdminPage = lazyWithQueries(() => import('./features/admin/admin-page.tsx').then((module) => module.AdminPage));
const InvitationPage = lazyWithQueries(() => import('#web/features/pages/invitation-page.tsx').then((module) => module.InvitationPage));
const UploadProfileImagePage = lazyWithQueries(() =>
  import('#web/features/profile/upload-profile-image-page.tsx').then((module) => module.UploadProfileImagePage),
);

function Loading({ children, fallback = <FullPageSpinner /> }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      {children}
      <AppReady />
    </Suspense>
  );
}

/** The root of every route: the page's title and description follow navigation. */
function RootLayout() {
  // Radix's menus, tabs and switches run in the screen's direction (they default to left to right).
  return (
    <Direction.Provider dir={directionOf(useSiteLanguage())}>
      <DocumentMeta />
      <Outlet />
      <ClosedSiteBanner />
    </Direction.Provider>
  );
}

/** The site's pages that have an address in every language (TRANSLATED_SITE_PATHS). */
const TRANSLATED_PAGES: Record<TranslatedSitePath, ReactNode> = {
  '/': <LandingPage />,
  '/features': <FeaturesPage />,
  '/services': <ServicesPage />,
  '/services/business-solutions': <BusinessSolutionsPage />,
  '/pricing': <PricingPage />,
  '/examples': <ExamplesPage />,
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/confirm-email': <ConfirmEmailPage />,
};
/** The account pages someone signed in does not need: they go on to the dashboard. */
const SIGNED_OUT_PAGES: ReadonlySet<TranslatedSitePath> = new Set(['/login', '/register', '/forgot-password']);

// One route per written page (not '/docs/:slug'): an address they lack falls to
// the 404 route, as the server's 404 page was prerendered, so it hydrates as sent.
const CONTENT_ROUTE_PATHS = [...CONTENT_PAGES.keys()];

// The SPA's routes (spec 001 §2 "Top-level routing"). Public profile pages are
// rendered by the server and never reach the SPA.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          // The translated pages, at their address in every language (/features, /es/features).
          ...LANGUAGE_CODES.flatMap((language) =>
            TRANSLATED_SITE_PATHS.map((path) => {
              const page = <Loading>{TRANSLATED_PAGES[path]}</Loading>;
              return {
                path: siteAddressIn(language, path),
                element: SIGNED_OUT_PAGES.has(path) ? <RedirectIfSignedIn>{page}</RedirectIfSignedIn> : page,
              };
            }),
          ),
          // The written pages (content/ and the README's sections).
          ...CONTENT_ROUTE_PATHS.map((path) => ({
            path,
            element: (
              <Loading>
                <ContentPage />
              </Loading>
            ),
          })),
          {
            // Single sign-on's way back (issue 29): signed in or not (Account links a provider from here too).
            path: '/login/sso/:provider',
            element: (
              <Loading>
                <SingleSignOnReturnPage />
              </Loading>
            ),
          },
          {
            path: '/admin',
            element: (
              <RequireUser preload={AdminPage.preload}>
                {(user) => (
                  <Loading>
                    <AdminPage user={user} />
                  </Loading>
                )}
              </RequireUser>
            ),
          },
          {
            path: '/invitation',
            element: (
              <Loading>
                <InvitationPage />
              </Loading>
            ),
          },
          {
            path: '/upload-profile-image',
            element: (
              <RequireUser preload={UploadProfileImagePage.preload}>
                {(user) => (
                  <Loading>
                    <UploadProfileImagePage user={user} />
                  </Loading>
                )}
              </RequireUser>
            ),
          },
          {
            path: '/profile',
            element: <RequireUser>{(user) => <ProfileRedirect username={user.username} />}</RequireUser>,
          },
          {
            path: '*',
            element: (
              <>
                <NotFoundPage />
                <AppReady />
              </>
            ),
          },
        ],
      },
      {
        path: '/dashboard',
        element: (
          <RequireUser loading={<DashboardSkeleton />} preload={DashboardPage.preload}>
            {(user) => (
              <Loading fallback={<DashboardSkeleton />}>
                <DashboardPage user={user} />
              </Loading>
            )}
          </RequireUser>
        ),
      },
      { path: '/dashboard/settings', element: <Navigate to="/dashboard?tab=account" replace /> },
    ],
  },
];

/** The page for the address, in the browser (BrowserRouter) and the prerender (StaticRouter) alike. */
export function AppRoutes() {
  return useRoutes(routes);
}

/** /profile shows the signed-in user's public page, which the server renders. */
function ProfileRedirect({ username }: { username: string }) {
  window.location.replace(`/${username}`);
  return null;
}
