import { TriangleAlert } from 'lucide-react';
import type { BrokenLink } from '#shared/link-checks.ts';
import { brokenLinkLabel } from '#shared/link-check-labels.ts';
import { formatDateTime, formatDay } from '#web/lib/dates.ts';

/** 'Looks broken (404 since 3 Nov 2026)', and when it was last checked. */
export function BrokenLinkNote({ broken }: { broken: BrokenLink }) {
  return (
    <p className="mt-1 flex items-start gap-1 text-xs font-medium text-amber-300" data-testid="link-broken">
      <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {brokenLinkLabel(broken, formatDay(broken.since))}
        <span className="block font-normal text-muted sm:inline">
          <span className="max-sm:hidden"> · </span>checked {formatDateTime(broken.checkedAt)}
        </span>
      </span>
    </p>
  );
}
