import { hash, verify } from '@node-rs/argon2';
import { accountMessages } from '#shared/account.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

/** Algorithm.Argon2id: the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
export const PASSWORD_HASHING = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The API tests (run from source by Vitest, which sets VITEST) hash with
 * argon2id's smallest cost: 0.15 ms a hash instead of 10 ms, over thousands of
 * accounts. The compiled server has NODE_ENV replaced by "production" at build
 * time, so this branch does not exist there, and the browser tests, which run
 * the compiled server, hash with PASSWORD_HASHING.
 */
const hashing =
  process.env.NODE_ENV !== 'production' && process.env.VITEST
    ? ({ algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 } as const)
    : PASSWORD_HASHING;

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashing);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** An account made through single sign-on has none until its owner sets one (passwordHash ''). */
export function hasPassword(user: Pick<UserRow, 'passwordHash'>): boolean {
  return user.passwordHash !== '';
}

/** Spent on unknown usernames so that timing does not reveal which names exist. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/**
 * What changes the account for good (a new password, an export, deletion)
 * asks for the password, even inside a valid session: a 400 naming the field
 * when it is wrong.
 */
export async function assertOwnPassword(user: UserRow, password: string, field: 'currentPassword' | 'password'): Promise<void> {
  if (!hasPassword(user)) {
    throw new AppError(400, 'password_incorrect', accountMessages.noPasswordYet, {
      fieldErrors: { [field]: accountMessages.noPasswordYet },
    });
  }
  if (await verifyPassword(user.passwordHash, password)) return;
  const [code, message] =
    field === 'currentPassword'
      ? (['current_password_incorrect', accountMessages.currentPasswordIncorrect] as const)
      : (['password_incorrect', accountMessages.passwordIncorrect] as const);
  throw new AppError(400, code, message, { fieldErrors: { [field]: message } });
}
