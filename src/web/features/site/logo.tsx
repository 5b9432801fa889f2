import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex min-h-11 items-center gap-2 text-lg font-extrabold tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-primary via-secondary to-accent text-white">
        L
      </span>
      <span>Linkverse</span>
    </Link>
  );
}
