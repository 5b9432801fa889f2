import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CurrentUser } from '#shared/user.types.ts';
import type { Plan } from '#shared/constants.ts';

export const DEFAULT_PASSWORD = 'correct-horse-1';

export function uniqueUsername(prefix = 'user'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`.slice(0, 20);
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((entry) => entry.name === 'lv_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `lv_session=${cookie.value}`;
}

export interface SignedInUser {
  user: CurrentUser;
  cookie: string;
  password: string;
}

/** Register through the API, as a visitor would. */
export async function createUser(
  app: FastifyInstance,
  fields: { username?: string; password?: string; displayName?: string; language?: string } = {},
): Promise<SignedInUser> {
  const password = fields.password ?? DEFAULT_PASSWORD;
  const { username = uniqueUsername(), displayName, language } = fields;
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, password, displayName, language } });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { user: response.json().data, cookie: sessionCookieOf(response), password };
}

/** Add a link as the user, through the API; the answer's link (with its id). */
export async function createLink(app: FastifyInstance, owner: SignedInUser, fields: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/links',
    headers: { cookie: owner.cookie },
    payload: { title: 'A link', url: 'https://example.com', ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`adding a link failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

export async function loginAs(app: FastifyInstance, username: string, password = DEFAULT_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}

export async function createAdmin(app: FastifyInstance): Promise<SignedInUser> {
  const admin = await createUser(app, { username: uniqueUsername('admin') });
  await app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
  return { ...admin, user: { ...admin.user, role: 'admin' } };
}

/** Put the user on a plan, as an admin would (what each plan unlocks: tests/api/plan-features.test.ts). */
export async function setPlan(app: FastifyInstance, userId: number, plan: Plan): Promise<void> {
  await app.db.updateTable('users').set({ plan }).where('id', '=', userId).execute();
}

/** A plan changed by an admin through the control center, as a downgrade is (the cached pages follow); the status it answered. */
export async function setPlanAsAdmin(app: FastifyInstance, userId: number, plan: Plan): Promise<number> {
  const admin = await createAdmin(app);
  const answer = await app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${userId}/plan`,
    headers: { cookie: admin.cookie },
    payload: { plan },
  });
  return answer.statusCode;
}
