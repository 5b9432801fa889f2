import { z } from 'zod';

// Passkeys (issue 29, WebAuthn): added and named in Account, listed and
// removed there; they sign in alone (discoverable credentials, offered by the
// username field), or stand in for the authenticator app's code.

export const PASSKEY_NAME_MAX_LENGTH = 60;
/** Passkeys one account keeps. */
export const PASSKEYS_MAX = 20;

export const passkeyMessages = {
  nameMissing: 'Please name the passkey (the device or password manager it lives in)',
  nameTooLong: `A passkey's name cannot exceed ${PASSKEY_NAME_MAX_LENGTH} characters`,
  tooMany: `An account keeps at most ${PASSKEYS_MAX} passkeys. Remove one first.`,
  notFound: 'Passkey not found',
  ceremonyExpired: 'That took too long. Please try again.',
  notVerified: 'The passkey could not be verified. Please try again.',
  unknownPasskey: 'This passkey is not known here: it may have been removed. Sign in with your password.',
  notYours: 'This passkey belongs to another account.',
  added: 'Passkey added',
  removed: 'Passkey removed',
  cancelled: 'No passkey was used.',
  unsupported: 'This browser cannot use passkeys.',
  ipAddress: 'Passkeys work only when the site is opened at its name (such as localhost or links.example.com), not at an IP address.',
} as const;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, passkeyMessages.notVerified);

/** What a browser's navigator.credentials answers, as @simplewebauthn/browser serialises it. */
const credentialFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key', { error: passkeyMessages.notVerified }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65_536),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
});

/** POST /api/me/passkeys */
export const addPasskeySchema = z.strictObject({
  name: z
    .string({ error: passkeyMessages.nameMissing })
    .trim()
    .min(1, passkeyMessages.nameMissing)
    .max(PASSKEY_NAME_MAX_LENGTH, passkeyMessages.nameTooLong),
  response: registrationResponseSchema,
});

/** The form that names a passkey before the browser makes it. */
export const passkeyNameFormSchema = addPasskeySchema.pick({ name: true });

/** POST /api/auth/passkey */
export const passkeySignInSchema = z.strictObject({ response: authenticationResponseSchema });

export const passkeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.string(),
    /** The last sign-in with it; null: never. */
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;

/** The options a browser's navigator.credentials call takes, as JSON (WebAuthn Level 3). */
export const ceremonyOptionsSchema = z.record(z.string(), z.unknown()).meta({ id: 'WebAuthnOptions' });
