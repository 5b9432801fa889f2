import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} />;
}

export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center gap-3 text-muted" role="status">
      <Spinner className="text-primary" />
      <span>{label}</span>
    </div>
  );
}
