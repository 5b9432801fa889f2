import { z } from 'zod';
import { currentUserSchema } from './user.types.ts';

// A second factor at sign-in (issue 29): an authenticator app (TOTP, RFC 6238)
// with ten single-use recovery codes. After the password, sign-in asks for a
// code; until it is given the browser holds a short-lived challenge, not a session.

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step either side of now are accepted: a phone's clock may be that far off. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** The challenge between the password and the code (issue 29: five minutes). */
export const SIGN_IN_CHALLENGE_MINUTES = 5;
/** Wrong codes one challenge takes before the password must be given again. */
export const SIGN_IN_CHALLENGE_ATTEMPTS = 5;

export const twoFactorMessages = {
  codeMissing: 'Please enter the 6-digit code from your authenticator app',
  codeInvalid: 'That code is not right. Check the time on your phone and try the newest code.',
  codeReused: 'That code was already used. Wait for the next one and enter it.',
  recoveryMissing: 'Please enter one of your recovery codes',
  recoveryInvalid: 'That recovery code is not right, or was already used.',
  challengeExpired: 'Signing in took too long. Please enter your password again.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to move it to another app.',
  notSetUp: 'Start the setup first: scan the QR code, then enter a code.',
  notOn: 'Two-factor sign-in is not on.',
  turnedOn: 'Two-factor sign-in is on',
  turnedOff: 'Two-factor sign-in is off',
  newRecoveryCodes: 'New recovery codes made: the old ones no longer work',
  adminNeedsSecondFactor:
    'This site asks every admin for a second factor. Set up an authenticator app in Account to open the control center.',
  removedByAdmin: 'Second factors removed: the user signs in with the password alone until they set one up again.',
} as const;

/** Six digits as an app shows them ('123 456' and '123456' alike). */
export const totpCodeSchema = z
  .string({ error: twoFactorMessages.codeMissing })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.codeMissing));

/** A recovery code as shown (xxxxx-xxxxx), in any case, with or without its dash. */
export const recoveryCodeSchema = z
  .string({ error: twoFactorMessages.recoveryMissing })
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, twoFactorMessages.recoveryMissing));

/** The sign-in's second step as its form holds it: one field, the app's code or a recovery code. */
export const secondFactorFormSchemas = {
  code: z.object({ code: totpCodeSchema }),
  recovery: z.object({ code: recoveryCodeSchema }),
};

/** POST /api/auth/second-factor: a code, or a recovery code. */
export const secondFactorSchema = z.union(
  [z.strictObject({ code: totpCodeSchema }), z.strictObject({ recoveryCode: recoveryCodeSchema })],
  {
    error: twoFactorMessages.codeMissing,
  },
);

/** POST /api/auth/login's answer when the account has a second factor: no session yet, a challenge cookie. */
export const secondFactorRequiredSchema = z
  .object({ secondFactor: z.object({ methods: z.array(z.enum(['totp', 'recovery', 'passkey'])) }) })
  .meta({ id: 'SecondFactorRequired' });
export const loginAnswerSchema = z.union([currentUserSchema, secondFactorRequiredSchema]);

/** POST /api/me/two-factor/totp: a new secret to scan; sign-in does not ask for it until a code confirms it. */
export const totpSetupSchema = z
  .object({
    /** Base32, for typing into an app by hand. */
    secret: z.string(),
    /** otpauth://totp/… as the QR code holds it. */
    uri: z.string(),
    /** The QR code, an SVG drawing. */
    qrSvg: z.string(),
  })
  .meta({ id: 'TotpSetup' });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const confirmTotpSchema = z.strictObject({ code: totpCodeSchema });
export const turnOffTotpSchema = z.strictObject({
  password: z.string().min(1, 'Please enter your password').max(1000),
  code: totpCodeSchema,
});
export const newRecoveryCodesSchema = z.strictObject({ password: z.string().min(1, 'Please enter your password').max(1000) });

export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });

export const twoFactorStatusSchema = z
  .object({
    totp: z.boolean(),
    /** Unused recovery codes left. */
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A change to how an account signs in, told to its confirmed address (the owner learns of one they did not make). */
export type SignInChange =
  'totp_on' | 'totp_off' | 'recovery_codes' | 'passkey_added' | 'passkey_removed' | 'factors_removed' | 'sso_linked' | 'sso_unlinked';
