import { z } from 'zod';
import { countOf } from './counts.ts';

// The HTTP contract's common parts (DESIGN.md "HTTP contract"): the error body
// with its stable machine code, the `data` envelope, and the messages the
// platform itself sends. Routes declare their shapes with these; the OpenAPI
// document is generated from the same schemas.

/** Stable machine codes: the web app decides on these, never on message text. */
export const ERROR_CODES = [
  'validation_failed',
  'not_found',
  'not_signed_in',
  'forbidden',
  'cross_origin',
  'invalid_credentials',
  'account_deactivated',
  'username_taken',
  'username_reserved',
  'plan_link_limit',
  'upload_quota',
  'file_too_large',
  'not_an_image',
  'wrong_file_type',
  'media_in_use',
  'image_processing_failed',
  'no_file',
  'no_changes',
  'username_locked',
  'last_admin',
  'already_reserved',
  'held_by_user',
  'app_route_name',
  'rate_limited',
  'request_too_large',
  'unsupported_media_type',
  'invalid_json',
  'invalid_url',
  'malformed_upload',
  'header_too_large',
  'request_timeout',
  'maintenance',
  'internal_error',
  'database_unavailable',
  'current_password_incorrect',
  'reset_link_invalid',
  'password_incorrect',
  'username_mismatch',
  'no_email',
  'already_confirmed',
  'confirm_link_invalid',
  'account_deleted',
  'list_full',
  'too_many_tokens',
  'invalid_token',
  'token_not_allowed',
  'insufficient_scope',
  'already_enabled',
  'not_enabled',
  'invalid_code',
  'code_reused',
  'challenge_expired',
  'second_factor_required',
  'sso_refused',
  'sso_expired',
  'sso_unreachable',
  'email_unverified',
  'sso_linked_elsewhere',
  'last_sign_in_way',
  'plan_feature',
  'payments_off',
  'already_owned',
  'payment_unavailable',
  'webhook_refused',
  'domain_taken',
  'dns_failed',
  'custom_domains_off',
  'outbound_off',
  /** Pages and teams (issue 53): a page the person may not act on, a role too low, the plan's number of pages. */
  'invalid_page',
  'page_forbidden',
  'page_role',
  'too_many_pages',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const apiErrorSchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ApiError', description: "An error: a stable code, the spec's message, and the first message per field." });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** `{ data: … }`, the envelope of a success (DESIGN.md "HTTP contract"). */
export function dataOf<Schema extends z.ZodType>(schema: Schema) {
  return z.object({ data: schema });
}

export const deletedSchema = dataOf(z.object({ deleted: z.literal(true) }));

/** The error answers a route can give, each with the error body's shape. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<Status, typeof apiErrorSchema>;
}

export const commonMessages = {
  signInRequired: 'Please log in to continue',
  metricsTokenRequired: 'A valid metrics token is required',
  crossOrigin: 'Cross-origin request refused',
  notFound: 'Not found',
  requestTooLarge: 'Request is too large',
  unsupportedMediaType: 'Unsupported content type',
  invalidJson: 'Request body is not valid JSON',
  invalidUrl: 'This address is not valid',
  headersTooLarge: 'Request headers are too large',
  requestTimeout: 'The request took too long to arrive',
  badRequest: 'The request could not be read',
  invalidInput: 'Invalid input',
  nulCharacter: 'Text cannot contain a null character',
  unknownFields: (names: readonly string[]) => `Unknown field${names.length === 1 ? '' : 's'}: ${names.join(', ')}`,
  serverError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The site cannot reach its database right now. Please try again in a moment.',
  userNotFound: 'User not found',
  fileNotFound: 'File not found',
} as const;

/** 'N minute(s)': how long a client is told to wait, never less than a minute. */
function minutesOf(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return countOf(minutes, 'minute');
}

export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many attempts. Please try again in ${minutesOf(seconds)}.`;
}

export function tooManyUploadsMessage(seconds: number): string {
  return `Too many uploads. Please try again in ${minutesOf(seconds)}.`;
}

/** Each checkout opens a payment page at Stripe: one account cannot open them without end. */
export function tooManyCheckoutsMessage(seconds: number): string {
  return `Too many payment pages opened. Please try again in ${minutesOf(seconds)}.`;
}

/** Each embed added or readdressed asks its provider for a title and a picture (issue 30). */
export function tooManyEmbedsMessage(seconds: number): string {
  return `Too many embeds added. Please try again in ${minutesOf(seconds)}.`;
}

/**
 * A numeric id in a path. Anything that is not one names nothing the caller may
 * see: every route answers it with 404 and the route's own not-found message.
 */
export function idParam(notFound: string) {
  return z.coerce
    .number({ error: notFound })
    .int({ error: notFound })
    .positive({ error: notFound })
    .max(2 ** 31 - 1, { error: notFound });
}
