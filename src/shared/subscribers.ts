import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants.ts';

// Subscribers (issue 31): an email sign-up form on the public page. With mail
// configured a visitor confirms by a link (double opt-in); without it, the
// address is kept unconfirmed and said to be so.

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unconfirmed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** The consent line a creator writes under the form. */
export const SUBSCRIBE_CONSENT_MAX_LENGTH = 300;
/** How long a confirmation link works; a pending address not confirmed by then is removed. */
export const SUBSCRIBE_CONFIRM_DAYS = 7;
/** Addresses one creator's form keeps: past it, the page says the list is full. */
export const SUBSCRIBERS_MAX = 50_000;
/** The newest entries the dashboard lists; the export has them all. */
export const SUBSCRIBERS_LISTED = 500;

export const subscriberMessages = {
  invalidEmail: 'Please enter a valid email address',
  consentRequired: 'Write the consent line visitors agree to before turning the sign-up form on',
  consentTooLong: `The consent line cannot exceed ${SUBSCRIBE_CONSENT_MAX_LENGTH} characters`,
  listFull: 'This sign-up list is full for now.',
  notFound: 'Subscriber not found',
  removed: 'Subscriber removed',
  linkExpired: 'This link has expired or was already used',
} as const;

/** The statuses as the creator reads them. */
export const SUBSCRIBER_STATUS_TEXT: Record<SubscriberStatus, string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  unconfirmed: 'Unconfirmed (no mail sent)',
};

export const subscriberEmailSchema = z
  .string({ error: subscriberMessages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, subscriberMessages.invalidEmail)
  .pipe(z.email({ error: subscriberMessages.invalidEmail }));

/** POST /{username}/subscribe, from the page's form (urlencoded) or a script (JSON). `website` is a field people never see: filled, a bot sent it. */
export const subscribeBodySchema = z
  .object({
    email: subscriberEmailSchema,
    website: z.string().max(500).optional(),
  })
  .strict();

/** The token of a visitor's link (confirm, unsubscribe): base64url from the server, nothing else. */
export const subscriberTokenSchema = z
  .string({ error: subscriberMessages.linkExpired })
  .regex(/^[\w-]{20,100}$/, subscriberMessages.linkExpired);

export const subscriberTokenBodySchema = z.object({ token: subscriberTokenSchema }).strict();

export const consentLineSchema = z
  .string({ error: subscriberMessages.consentTooLong })
  .trim()
  .max(SUBSCRIBE_CONSENT_MAX_LENGTH, subscriberMessages.consentTooLong);

/** The Subscribers tab's form: a form on the page needs its consent line. */
export const signupFormSettingsSchema = z
  .object({ subscribeForm: z.boolean(), subscribeConsent: consentLineSchema })
  .refine(({ subscribeForm, subscribeConsent }) => !subscribeForm || subscribeConsent !== '', {
    path: ['subscribeConsent'],
    message: subscriberMessages.consentRequired,
  });

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  consent: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** GET /api/me/subscribers */
export const subscriberListSchema = z.object({
  /** The newest SUBSCRIBERS_LISTED entries. */
  subscribers: z.array(subscriberSchema),
  total: z.number().int(),
  confirmed: z.number().int(),
  /** Whether this site sends mail, so that sign-ups are confirmed by a link. */
  doubleOptIn: z.boolean(),
});
export type SubscriberList = z.infer<typeof subscriberListSchema>;
