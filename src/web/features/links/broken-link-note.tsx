import { TriangleAlert } from 'lucide-react';
import type { BrokenLink } from '#shared/link-checks.ts';
import { formatDateTime, formatDay } from '#web/lib/dates.ts';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  label: /*i18n*/ {
    id: 'app.links.brokenLabel',
    message:
      'Looks broken ({reason, select, http {{status}} timeout {timed out} dns {address not found} tls {certificate error} connection {no connection} redirects {too many redirects} private {private address} other {redirects off the web}} since {since})',
  },
  checked: /*i18n*/ { id: 'app.links.brokenChecked', message: 'checked {at}' },
} as const;

/** 'Looks broken (404 since 3 Nov 2026)', and when it was last checked. */
export function BrokenLinkNote({ broken }: { broken: BrokenLink }) {
  const t = useAppWords();
  return (
    <p className="mt-1 flex items-start gap-1 text-xs font-medium text-amber-300" data-testid="link-broken">
      <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {t(words.label, { reason: broken.reason, status: broken.httpStatus ?? 'error', since: formatDay(broken.since) })}
        <span className="block font-normal text-muted sm:inline">
          <span className="max-sm:hidden"> · </span>
          {t(words.checked, { at: formatDateTime(broken.checkedAt) })}
        </span>
      </span>
    </p>
  );
}
