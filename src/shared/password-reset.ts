import { z } from 'zod';
import { authMessages, newPasswordSchema } from './auth.schema.ts';
import { passwordResetMessages } from './account-messages.ts';
import { siteAddressOf } from './i18n/site-addresses.ts';

// Setting a new password from a one-time link (issue 28): made by an admin in
// the control center or with `npm run admin -- reset-password`.

/** How long an admin's reset link works. */
export const ADMIN_RESET_LINK_HOURS = 24;
/** How long a reset link sent by email works. */
export const EMAIL_RESET_LINK_MINUTES = 30;

export { passwordResetMessages };

/** POST /api/auth/forgot-password: the username or the confirmed email. */
export const forgotPasswordSchema = z.object({
  identifier: z
    .string({ error: passwordResetMessages.identifierRequired })
    .trim()
    .min(1, passwordResetMessages.identifierRequired)
    .max(254, passwordResetMessages.identifierRequired),
});

const resetTokenSchema = z
  .string({ error: passwordResetMessages.linkInvalid })
  .min(1, passwordResetMessages.linkInvalid)
  .max(200, passwordResetMessages.linkInvalid);

/** POST /api/auth/password-reset/check: whether a link still works, asked when its page opens (issue 51). */
export const resetLinkCheckSchema = z.object({ token: resetTokenSchema });

/** POST /api/auth/password-reset */
export const resetPasswordSchema = z.object({ token: resetTokenSchema, newPassword: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The /reset-password form: the new password typed twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.confirmPassword === value.newPassword, { path: ['confirmPassword'], message: authMessages.passwordsDontMatch });

/** POST /api/admin/users/{id}/password-reset-link: the link, shown once. */
export const resetLinkSchema = z.object({ url: z.string(), expiresAt: z.string() }).meta({ id: 'PasswordResetLink' });
export type ResetLink = z.infer<typeof resetLinkSchema>;

/**
 * Where a reset link points, in the language of its page (issue 54: the mail's, '/es/reset-password'): the token rides
 * in the fragment, which browsers never send to a server or in a Referer.
 */
export function resetLinkPath(token: string, language?: string | null): string {
  return `${siteAddressOf(language, '/reset-password')}#token=${token}`;
}
