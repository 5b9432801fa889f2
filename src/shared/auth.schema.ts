import { z } from 'zod';
import { languageSchema } from './i18n/language-schema.ts';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_PATTERN } from './constants.ts';

// One schema for the form and the route (STYLE.md habit 1). Messages and their
// order are spec 000 §5; the first failing rule is the one shown.

export const authMessages = {
  usernameRequired: 'Username is required',
  usernameTooLong: `Username cannot exceed ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: 'Username can only contain lowercase letters, numbers, underscores, and hyphens',
  displayNameTooLong: `Display name cannot exceed ${DISPLAY_NAME_MAX_LENGTH} characters`,
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password cannot exceed ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDontMatch: "Passwords don't match",
  termsRequired: 'You must accept the terms and conditions',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username is already taken',
  usernameReserved: 'This username is reserved. Please choose another one.',
  accountDeactivated: 'This account has been deactivated',
} as const;

/**
 * A new username: trimmed, and refused with rule 3's message when it holds an
 * uppercase letter rather than folded silently (issue 11), so what the user
 * typed is what they get. Logging in stays case-insensitive (loginSchema).
 */
export const usernameSchema = z
  .string({ error: authMessages.usernameRequired })
  .trim()
  .min(1, authMessages.usernameRequired)
  .max(USERNAME_MAX_LENGTH, authMessages.usernameTooLong)
  .regex(USERNAME_PATTERN, authMessages.usernameCharacters);

export const displayNameSchema = z.string().trim().max(DISPLAY_NAME_MAX_LENGTH, authMessages.displayNameTooLong);

export const newPasswordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

/** POST /api/auth/register */
export const registerSchema = z.object({
  username: usernameSchema,
  displayName: displayNameSchema.optional(),
  password: newPasswordSchema,
  /** The person's language (issue 54): the form suggests the browser's; English when left out. */
  language: languageSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The /register form: the API payload plus confirmation and terms, checked after it. */
export const registerFormSchema = z
  .object({
    username: usernameSchema,
    displayName: displayNameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    acceptTerms: z.boolean(),
    language: languageSchema,
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordsDontMatch });
    }
    if (!value.acceptTerms) {
      ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: authMessages.termsRequired });
    }
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

/** Single sign-on's new account: the username it will have, and the terms. */
export const singleSignOnAccountFormSchema = z.object({ username: usernameSchema, acceptTerms: z.boolean() }).superRefine((value, ctx) => {
  if (!value.acceptTerms) ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: authMessages.termsRequired });
});

/** POST /api/auth/login: only presence is checked, never the password rules (spec 000 §5). */
export const loginSchema = z.object({
  username: z
    .string({ error: authMessages.usernameRequired })
    .trim()
    .toLowerCase()
    .min(1, authMessages.usernameRequired)
    .max(200, authMessages.invalidCredentials),
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, authMessages.invalidCredentials),
});
export type LoginInput = z.infer<typeof loginSchema>;
