import { Link } from 'react-router';
import { useSiteAddress } from '#web/lib/site-words.ts';

const LOGO_CLASSES = 'flex min-h-11 items-center gap-2 text-lg font-extrabold tracking-tight';

function LogoMark() {
  return (
    <>
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-primary via-secondary to-accent text-white">
        L
      </span>
      <span>Linkverse</span>
    </>
  );
}

export function Logo() {
  return (
    <Link to={useSiteAddress()('/')} className={LOGO_CLASSES} translate="no">
      <LogoMark />
    </Link>
  );
}

/** The logo as a picture only, where nothing may be clicked yet (the dashboard's skeleton). */
export function StillLogo() {
  return (
    <span className={LOGO_CLASSES} aria-hidden="true" translate="no">
      <LogoMark />
    </span>
  );
}
