import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <section className="flex min-h-[70dvh] flex-col items-center justify-center gap-5 px-6 pt-24 text-center">
      <p className="text-gradient text-7xl font-black">404</p>
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="max-w-md text-muted">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Back to home</Link>
      </Button>
    </section>
  );
}
