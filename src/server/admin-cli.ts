import { registerSchema } from '#shared/auth.schema.ts';
import type { Role } from '#shared/constants.ts';
import { describeZodError } from '#shared/validation.ts';
import { type Db, nowIso } from './db/database.ts';
import { AppError } from './http/errors.ts';
import { registerUser } from './auth/auth.service.ts';
import { createResetLink } from './account/password-reset.service.ts';
import { ADMIN_RESET_LINK_HOURS } from '#shared/password-reset.ts';
import { findUserByUsername, updateUser } from './users/users.repository.ts';

// What `npm run admin` does (spec README point 3: a fresh install creates its
// first admin with a documented command). Same rules as registration. An entry
// point, as main.ts is: it stands outside the features and may use several.

export async function createAdminAccount(db: Db, username: string, password: string) {
  const parsed = registerSchema.safeParse({ username, password });
  if (!parsed.success) throw new AppError(400, 'validation_failed', describeZodError(parsed.error).message);
  const user = await registerUser(db, parsed.data);
  await updateUser(db, user.id, { role: 'admin', updatedAt: nowIso() });
  return { ...user, role: 'admin' as const };
}

export async function setRoleByUsername(db: Db, username: string, role: Role) {
  const user = await findUserByUsername(db, username.trim());
  if (!user) throw new AppError(404, 'not_found', `No user named '${username.trim().toLowerCase()}'`);
  await updateUser(db, user.id, { role, updatedAt: nowIso() });
  return { ...user, role };
}

/** `npm run admin -- reset-password <username>`: a one-time link for the operator to hand over. */
export async function resetLinkForUsername(db: Db, username: string, publicUrl: string | undefined) {
  const user = await findUserByUsername(db, username.trim());
  if (!user) throw new AppError(404, 'not_found', `No user named '${username.trim().toLowerCase()}'`);
  const link = await createResetLink(db, user.id, { hours: ADMIN_RESET_LINK_HOURS, createdBy: null, origin: publicUrl ?? '' });
  return { user, link };
}
