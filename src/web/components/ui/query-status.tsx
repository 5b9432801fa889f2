import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { Spinner } from './spinner.tsx';

/** A tab's data on its way. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-muted" role="status">
      <Spinner /> {label}
    </div>
  );
}

/** A tab's data that could not be loaded, with the server's reason and a retry. */
export function LoadError({ title, detail, onRetry }: { title: string; detail?: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="text-center">
      <p className="font-semibold">{title}</p>
      {detail && <p className="mt-1 text-sm text-muted">{detail}</p>}
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
