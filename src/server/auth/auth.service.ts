import type { LoginInput, RegisterInput } from '#shared/auth.schema.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { authMessages } from '#shared/auth.schema.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { findUserByUsername, insertUser } from '../users/users.repository.ts';
import { assertUsernameAvailable, usernameTaken } from '../users/users.service.ts';
import { hashPassword, hasPassword, verifyAgainstDummy, verifyPassword } from '../users/password.ts';

export async function registerUser(db: Db, input: RegisterInput): Promise<UserRow> {
  // Asked before the password is hashed, so that a taken name spends no hashing (argon2id is
  // the expensive part); createAccount asks again, as it must for single sign-on's accounts.
  await assertUsernameAvailable(db, input.username);
  const passwordHash = await hashPassword(input.password);
  const { username, displayName, language = null } = input;
  return createAccount(db, { username, passwordHash, displayName: displayName || username, email: null, language });
}

/**
 * A new user account under a free username. An `email` given here is one a
 * single sign-on provider verified, so it counts as confirmed.
 */
export async function createAccount(
  db: Db,
  account: { username: string; passwordHash: string; displayName: string; email: string | null; language?: Language | null },
): Promise<UserRow> {
  await assertUsernameAvailable(db, account.username);
  const now = nowIso();
  try {
    return await insertUser(db, {
      ...account,
      emailConfirmedAt: account.email === null ? null : now,
      bio: '',
      role: 'user',
      plan: 'free',
      isActive: 1,
      verified: 0,
      // A new page shows no view count (issue 51: "1 view" on a page nobody has seen yet); spec 000 said on.
      showViews: 0,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Two registrations raced for the name: the unique index decides.
    if (await findUserByUsername(db, account.username)) throw usernameTaken();
    throw error;
  }
}

/** The user whose credentials these are; a deactivated account is told so only after its password checked out. */
export async function authenticate(db: Db, input: LoginInput): Promise<UserRow> {
  const user = await findUserByUsername(db, input.username);
  // An account with no password yet (single sign-on) spends the same time as an unknown name.
  if (!user || !hasPassword(user)) {
    await verifyAgainstDummy(input.password);
    throw new AppError(401, 'invalid_credentials', authMessages.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError(401, 'invalid_credentials', authMessages.invalidCredentials);
  }
  if (user.isActive !== 1) throw new AppError(403, 'account_deactivated', authMessages.accountDeactivated);
  return user;
}
