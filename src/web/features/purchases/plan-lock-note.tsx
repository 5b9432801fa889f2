import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '#web/lib/utils.ts';

/** What the creator's plan does not include (issue 33), said where they met it, with a way to Pricing. */
export function PlanLockNote({ note, className }: { note: string | null | undefined; className?: string }) {
  if (!note) return null;
  return (
    <p
      role="status"
      className={cn('flex items-start gap-2 rounded-xl border border-primary/40 bg-primary/10 p-3 text-sm text-zinc-200', className)}
    >
      <Lock className="mt-0.5 size-4 shrink-0 text-primary-text" aria-hidden="true" />
      <span>
        {note}{' '}
        <Link to="/pricing" className="font-semibold text-primary-text hover:underline">
          See Pricing
        </Link>
      </span>
    </p>
  );
}
