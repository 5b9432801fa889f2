import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import type { ACCOUNT_PATHS } from '../site/page-meta.ts';

/**
 * An account page's card. Held at the top, not centred: a card that grows (an
 * error shown, a link's outcome in place of "Confirming…") moves nothing above
 * what changed.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh items-start justify-center px-4 pb-16 pt-28 sm:pt-36">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute left-1/2 top-32 -z-10 h-72 w-72 -translate-x-1/2 rounded-full bg-primary/30 blur-3xl"
      />
      <Card className="w-full max-w-md p-8 shadow-2xl shadow-black/40">
        <div className="mb-8 text-center">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-sm text-muted">{subtitle}</p>
        </div>
        {children}
      </Card>
    </div>
  );
}

/** The pages whose card hydrates alone on a static page (auth-island.tsx): the account pages, named by their path. */
export type AuthIslandName = (typeof ACCOUNT_PATHS)[number] extends `/${infer Name}` ? Name : never;

/**
 * Around the card of an account page (/login, /register, /forgot-password…): the element a static page hydrates
 * (auth-island.tsx), the card and its form alone, not the site around it.
 */
export function AuthIsland({ name, children }: { name: AuthIslandName; children: ReactNode }) {
  return <div data-auth-island={name}>{children}</div>;
}
