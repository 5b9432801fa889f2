import { Button } from '#web/components/ui/button.tsx';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** 'logs' adds the word, as the logs screen says it (spec 001 §2). */
  noun?: string;
  showPageCount?: boolean;
}

/** 'Showing x to y of n', Previous and Next, and with `showPageCount` 'Page N of M'. */
export function Pager({ page, pageSize, total, onPageChange, noun, showPageCount }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-muted">
      <p data-testid="pager-summary">
        Showing {from} to {to} of {total}
        {noun ? ` ${noun}` : ''}
      </p>
      <div className="flex items-center gap-3">
        {showPageCount && (
          <span>
            Page {page} of {pages}
          </span>
        )}
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
