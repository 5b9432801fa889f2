import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { authMessages, newPasswordSchema } from './auth.schema.ts';

// The Account section: the password and the sessions (issue 28).

export const accountMessages = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordSame: 'The new password must differ from the current one',
  passwordChanged: 'Password changed',
  passwordChangedHint: 'Every other session was signed out; this one stays signed in.',
  sessionNotFound: 'This session has already ended',
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'Every other session was signed out',
} as const;

/** POST /api/me/password */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: accountMessages.currentPasswordRequired })
      .min(1, accountMessages.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, accountMessages.currentPasswordIncorrect),
    newPassword: newPasswordSchema,
  })
  .refine((value) => value.newPassword !== value.currentPassword, { path: ['newPassword'], message: accountMessages.newPasswordSame });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Account form: the payload plus the new password typed twice; the first failing rule is shown. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordSchema.shape.currentPassword,
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: accountMessages.newPasswordSame });
    } else if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordsDontMatch });
    }
  });

/** A signed-in session as its owner sees it: never its token or the token's hash. */
export const accountSessionSchema = z
  .object({
    /** A handle for ending it, derived from the session: not its token, nor the token's hash. */
    id: z.string(),
    device: z.string(),
    browser: z.string(),
    /** Two-letter country of the address it signed in from, when known. */
    country: z.string().nullable(),
    signedInAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const sessionIdParam = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, accountMessages.sessionNotFound) });
