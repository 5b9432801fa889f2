import { CloudOff } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

/** There is no local fallback user: when the server fails, the screen says so. */
export function ServerUnavailable({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <CloudOff className="size-10 text-secondary" aria-hidden="true" />
      <h1 className="text-xl font-semibold">We can't reach Linkverse right now</h1>
      <p className="max-w-md text-muted">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
