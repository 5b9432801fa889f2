import { Construction } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '#web/lib/use-session.ts';
import { readSiteSettings } from './site-settings-request.ts';

/** Said by the Settings tab when it switched coming-soon mode, so that the banner follows at once. */
export const SITE_SETTINGS_CHANGED = 'linkverse:site-settings-changed';

/**
 * While coming-soon mode closes the site, an admin sees it on every page, with
 * the way to the switch (issue 27): nobody forgets the site is closed. Fixed in
 * a corner, so it moves nothing on the page.
 */
export function ClosedSiteBanner() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    if (!isAdmin) return;
    let live = true;
    const read = () =>
      readSiteSettings().then(
        (settings) => live && setClosed(settings.maintenanceMode),
        () => undefined,
      );
    void read();
    window.addEventListener(SITE_SETTINGS_CHANGED, read);
    return () => {
      live = false;
      window.removeEventListener(SITE_SETTINGS_CHANGED, read);
    };
  }, [isAdmin]);

  if (!isAdmin || !closed) return null;
  return (
    <div
      role="status"
      className="fixed bottom-4 start-4 z-40 flex max-w-[calc(100vw-2rem)] items-center gap-2 rounded-full border border-amber-500/40 bg-zinc-950/95 px-4 py-2 text-sm text-amber-100 shadow-xl backdrop-blur"
    >
      <Construction className="size-4 shrink-0 text-amber-300" aria-hidden="true" />
      <span>The site is closed: visitors see the coming-soon page.</span>
      <Link to="/admin?tab=settings" className="shrink-0 font-semibold text-amber-300 underline-offset-2 hover:underline">
        Settings
      </Link>
    </div>
  );
}
