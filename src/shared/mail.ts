import { z } from 'zod';

// How this site's mail leaves, and the control center's Outbox (issue 51 §3).

/** `smtp`: handed to the mail server of SMTP_URL. `held`: no SMTP_URL, so mail waits in the Outbox for an administrator. */
export const MAIL_DELIVERIES = ['smtp', 'held'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** The Outbox shows this many of the newest held mails. */
export const OUTBOX_SHOWN = 100;

/** One held mail as the Outbox shows it: a mail with a link is shown until the link expires, then it goes. */
export const heldMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  heldAt: z.string(),
  expiresAt: z.string(),
});
export type HeldMail = z.infer<typeof heldMailSchema>;

export const outboxSchema = z.object({ mails: z.array(heldMailSchema) });
export type Outbox = z.infer<typeof outboxSchema>;
