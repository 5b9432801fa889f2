import { TriangleAlert } from 'lucide-react';
import type { Link } from '#shared/links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { BrokenLinkNote } from './broken-link-note.tsx';
import { useBrokenLinks, useLinks } from './use-links.ts';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  title: /*i18n*/ { id: 'app.links.brokenTitle', message: '{count, plural, one {A link looks broken} other {# links look broken}}' },
  text: /*i18n*/ {
    id: 'app.links.brokenText',
    message: 'Their addresses failed our daily check twice in a row. Visitors may land on an error.',
  },
  review: /*i18n*/ { id: 'app.links.brokenReview', message: 'Review links' },
} as const;

/** The overview's alert: links whose address failed its last two daily checks; nothing at all while every link answers. */
export function BrokenLinksCard({ userId, onOpenLinks }: { userId: number; onOpenLinks: () => void }) {
  const brokenLinks = useBrokenLinks();
  const links = useLinks(userId);
  const broken = (links.data ?? []).filter((link: Link) => brokenLinks.has(link.id));
  const t = useAppWords();
  if (broken.length === 0) return null;
  return (
    <Card className="border-amber-400/40" data-testid="broken-links">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-400/15 text-amber-300">
            <TriangleAlert className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h3 className="font-semibold">{t(words.title, { count: broken.length })}</h3>
            <p className="mt-1 text-sm text-muted">{t(words.text)}</p>
          </div>
        </div>
        <Button variant="outline" size="sm" onClick={onOpenLinks}>
          {t(words.review)}
        </Button>
      </div>
      <ul className="mt-4 divide-y divide-border">
        {broken.map((link) => (
          <li key={link.id} className="py-2.5">
            <p className="truncate text-sm font-medium" dir="auto" translate="no">
              {link.title}
            </p>
            <p className="truncate text-xs text-muted" dir="ltr" translate="no">
              {link.url}
            </p>
            <BrokenLinkNote broken={brokenLinks.get(link.id)!} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
