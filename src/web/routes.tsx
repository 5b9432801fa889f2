import { type ReactNode, Suspense, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import { RedirectIfSignedIn, RequireUser } from './features/auth/guards.tsx';
import { LoginPage } from './features/auth/login-page.tsx';
import { RegisterPage } from './features/auth/register-page.tsx';
import { PricingPage } from './features/pricing/pricing-page.tsx';
import { LandingPage } from './features/site/landing-page.tsx';
import { NotFoundPage } from './features/site/not-found-page.tsx';
import { SiteLayout } from './features/site/site-layout.tsx';

// Signed-in areas load on demand, so that the landing page stays light.
const DashboardPage = lazy(() => import('./features/dashboard/dashboard-page.tsx').then((module) => ({ default: module.DashboardPage })));
const AdminPage = lazy(() => import('./features/admin/admin-page.tsx').then((module) => ({ default: module.AdminPage })));
const UploadProfileImagePage = lazy(() =>
  import('./features/profile-image/upload-profile-image-page.tsx').then((module) => ({
    default: module.UploadProfileImagePage,
  })),
);

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

// The SPA's routes (spec 001 §2 "Top-level routing"). Public profile pages are
// rendered by the server and never reach the SPA.
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/pricing', element: <PricingPage /> },
      {
        path: '/login',
        element: (
          <RedirectIfSignedIn>
            <LoginPage />
          </RedirectIfSignedIn>
        ),
      },
      {
        path: '/register',
        element: (
          <RedirectIfSignedIn>
            <RegisterPage />
          </RedirectIfSignedIn>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireUser>
            {(user) => (
              <Loading>
                <AdminPage user={user} />
              </Loading>
            )}
          </RequireUser>
        ),
      },
      {
        path: '/upload-profile-image',
        element: (
          <RequireUser>
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/dashboard',
    element: (
      <RequireUser>
        {(user) => (
          <Loading>
            <DashboardPage user={user} />
          </Loading>
        )}
      </RequireUser>
    ),
  },
  { path: '/dashboard/settings', element: <Navigate to="/dashboard?tab=profile" replace /> },
];

/** /profile shows the signed-in user's public page, which the server renders. */
function ProfileRedirect({ username }: { username: string }) {
  window.location.replace(`/${username}`);
  return null;
}
