import { registerSchema } from '#shared/auth.schema.ts';
import { type Db, nowIso } from '../db/database.ts';
import { AppError, parseInput } from '../http/errors.ts';
import { registerUser } from '../auth/auth.service.ts';
import { findUserByUsername } from './users.repository.ts';

// What `npm run admin` does (spec README point 3: a fresh install creates its
// first admin with a documented command). Same rules as registration.

export async function createAdminAccount(db: Db, username: string, password: string) {
  const input = parseInput(registerSchema, { username, password });
  const user = await registerUser(db, input);
  await db.updateTable('users').set({ role: 'admin', updatedAt: nowIso() }).where('id', '=', user.id).execute();
  return { ...user, role: 'admin' as const };
}

export async function setRoleByUsername(db: Db, username: string, role: 'user' | 'admin') {
  const user = await findUserByUsername(db, username.trim());
  if (!user) throw new AppError(404, `No user named '${username.trim().toLowerCase()}'`);
  await db.updateTable('users').set({ role, updatedAt: nowIso() }).where('id', '=', user.id).execute();
  return { ...user, role };
}
