import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';

/** /admin: the role decides, checked again by the server on every admin call. */
export function AdminPage({ user }: { user: CurrentUser }) {
  if (user.role !== 'admin') {
    return (
      <section className="flex min-h-[70dvh] items-center justify-center px-4 pt-24">
        <Card className="flex max-w-md flex-col items-center gap-4 text-center">
          <ShieldAlert className="size-10 text-danger" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Access Denied</h1>
          <p className="text-muted">You don't have permission to access this page.</p>
          <Button asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        </Card>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-6xl px-4 pb-20 pt-28 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Admin control center</h1>
      <Card className="mt-8 flex flex-col items-center gap-3 py-16 text-center">
        <ShieldCheck className="size-10 text-primary" aria-hidden="true" />
        <p className="font-semibold">You are signed in as an administrator.</p>
        <p className="max-w-md text-sm text-muted">
          Users, reserved usernames, username history, activity logs and coming-soon mode arrive in an upcoming release.
        </p>
      </Card>
    </section>
  );
}
