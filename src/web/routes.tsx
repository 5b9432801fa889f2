import { Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireUser } from './features/auth/guards.tsx';
import { LoginPage } from './features/auth/login-page.tsx';
import { RegisterPage } from './features/auth/register-page.tsx';
import { AdminPage } from './features/admin/admin-page.tsx';
import { DashboardPage } from './features/dashboard/dashboard-page.tsx';
import { UploadProfileImagePage } from './features/profile-image/upload-profile-image-page.tsx';
import { LandingPage } from './features/site/landing-page.tsx';
import { NotFoundPage } from './features/site/not-found-page.tsx';
import { SiteLayout } from './features/site/site-layout.tsx';

// The SPA's routes (spec 001 §2 "Top-level routing"). Public profile pages are
// rendered by the server and never reach the SPA.
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
      { path: '/register', element: <RedirectIfSignedIn><RegisterPage /></RedirectIfSignedIn> },
      { path: '/admin', element: <RequireUser>{(user) => <AdminPage user={user} />}</RequireUser> },
      { path: '/upload-profile-image', element: <RequireUser>{() => <UploadProfileImagePage />}</RequireUser> },
      {
        path: '/profile',
        element: <RequireUser>{(user) => <ProfileRedirect username={user.username} />}</RequireUser>,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '/dashboard', element: <RequireUser>{(user) => <DashboardPage user={user} />}</RequireUser> },
  { path: '/dashboard/settings', element: <Navigate to="/dashboard?tab=profile" replace /> },
];

/** /profile shows the signed-in user's public page, which the server renders. */
function ProfileRedirect({ username }: { username: string }) {
  window.location.replace(`/${username}`);
  return null;
}
