import { Copy, Inbox } from 'lucide-react';
import { Fragment } from 'react';
import { textPartsOf } from '#shared/blocks.ts';
import type { HeldMail } from '#shared/mail.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { copyWithToast } from '#web/lib/clipboard.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useOutbox } from './use-admin.ts';

/**
 * The Outbox (issue 51 §3): on a site without SMTP, every mail it would have
 * sent, newest first, for the administrator to read and pass on. A mail whose
 * link expired is gone from the list.
 */
export function OutboxTab() {
  const outbox = useOutbox();
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Outbox</h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          This site has no mail server (<code>SMTP_URL</code> is not set), so the mail it would send waits here instead: confirmation and
          password reset links, sign-in notices and weekly summaries. Pass a link on only to the person it is for. Each mail stays until its
          link expires; only administrators see this list. Set <code>SMTP_URL</code> to send mail.
        </p>
      </div>
      {outbox.isPending ? (
        <LoadingState label="Loading the outbox..." />
      ) : outbox.isError ? (
        <LoadError title="The outbox could not be loaded" detail={outbox.error.message} onRetry={() => void outbox.refetch()} />
      ) : outbox.data.mails.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-10 text-center">
          <Inbox className="size-8 text-muted" aria-hidden="true" />
          <p className="font-medium">No mail waiting</p>
          <p className="text-sm text-muted">A password reset asked for, or an address to confirm, shows up here.</p>
        </Card>
      ) : (
        <ul className="space-y-4" aria-label="Held mail">
          {outbox.data.mails.map((mail) => (
            <li key={mail.id}>
              <HeldMailCard mail={mail} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function HeldMailCard({ mail }: { mail: HeldMail }) {
  // The links worth passing on: not the site's own address, which every mail ends with.
  const parts = textPartsOf(mail.text);
  const links = [...new Set(parts.flatMap((part) => part.url ?? []))].filter((link) => !/^https?:\/\/[^/]+\/?$/.test(link));
  const copy = (link: string) => copyWithToast(link, 'Link copied', { message: 'Copy failed: select the link and copy it by hand.' });
  return (
    <Card className="p-5" data-testid="held-mail">
      <article aria-label={mail.subject}>
        <h3 className="font-semibold">{mail.subject}</h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">To</dt>
          <dd className="break-all">{mail.to}</dd>
          <dt className="text-muted">Held</dt>
          <dd>{formatDateTime(mail.heldAt)}</dd>
          <dt className="text-muted">Link works until</dt>
          <dd>{formatDateTime(mail.expiresAt)}</dd>
        </dl>
        <p className="mt-4 whitespace-pre-wrap break-words rounded-xl border border-border bg-surface-raised p-4 text-sm">
          {parts.map((part, index) =>
            part.url ? (
              <a key={index} href={part.url} target="_blank" rel="noopener noreferrer" className="break-all text-primary-text underline">
                {part.text}
              </a>
            ) : (
              <Fragment key={index}>{part.text}</Fragment>
            ),
          )}
        </p>
        {links.length > 0 && (
          <div className="mt-3 flex flex-wrap gap-2">
            {links.map((link, index) => (
              <Button key={link} variant="outline" size="sm" onClick={() => void copy(link)}>
                <Copy aria-hidden="true" /> {links.length === 1 ? 'Copy the link' : `Copy link ${index + 1}`}
              </Button>
            ))}
          </div>
        )}
      </article>
    </Card>
  );
}
