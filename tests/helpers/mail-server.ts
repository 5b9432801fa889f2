import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  from: string;
  attachments: Array<{ filename: string; contentType: string; cid: string; content: Buffer }>;
}

/**
 * A real SMTP server on a local port (the smtp-server package), as the product
 * meets one: it accepts whatever the site sends and keeps it, parsed, for the
 * test to read and follow its links. No TLS: the site speaks plain SMTP to it.
 */
export class MailServer {
  readonly received: ReceivedMail[] = [];
  private waiting: Array<() => void> = [];
  private server: SMTPServer | undefined;
  port = 0;

  /** Listen on `port` (0: any free port; a fixed one to come back on after a stop). */
  async start(port = this.port): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        // keepCidLinks: the HTML as sent, naming its pictures by cid (not made into data addresses).
        simpleParser(stream, { keepCidLinks: true })
          .then((mail) => {
            this.received.push(toReceived(mail));
            for (const wake of this.waiting.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** The first (or `nth`, from 0) mail to `to` with a subject matching, when given: waits for it, up to `timeoutMs`. */
  async mailTo(
    to: string,
    { subject, nth = 0, timeoutMs = 10_000 }: { subject?: RegExp; nth?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.filter((mail) => mail.to === to.toLowerCase() && (!subject || subject.test(mail.subject)))[nth];
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no mail to ${to}${subject ? ` matching ${subject}` : ''}; received: ${this.received.map((mail) => `${mail.to}: ${mail.subject}`).join('; ') || 'nothing'}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Every mail received for `to`. */
  mailsTo(to: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to === to.toLowerCase());
  }
}

function toReceived(mail: ParsedMail): ReceivedMail {
  const addresses = (field: ParsedMail['to'] | ParsedMail['from']) =>
    [field ?? []]
      .flat()
      .flatMap((group) => group.value.map((entry) => entry.address ?? ''))
      .join(',')
      .toLowerCase();
  return {
    to: addresses(mail.to),
    from: mail.from?.text ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    attachments: mail.attachments.map((file) => ({
      filename: file.filename ?? '',
      contentType: file.contentType,
      cid: file.cid ?? '',
      content: file.content,
    })),
  };
}

/** The first link to this site's `path` in a mail's plain text. */
export function linkIn(mail: Pick<ReceivedMail, 'text'>, path: string): URL {
  const match = mail.text.match(new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}\\S*`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}

/** The token a link carries in its fragment (#token=…). */
export function tokenIn(url: URL): string {
  return new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
}
