import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_HEADER_NAME } from '#shared/page-roles.ts';
import { migrateToLatest, migratorOf, openDatabase } from '#server/db/database.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createLink, createUser, setPlan, uniqueUsername } from '../helpers/factories.ts';
import { DESKTOP } from '../helpers/user-agents.ts';

// The migration that brings pages and teams (issue 53), on a populated
// database: every user of the version before becomes an account with one page,
// and every public address, session and token keeps working; its `down` takes
// the database back to the version before, and up again.

const MIGRATION = '2026-12-07T0100_pages-and-teams';
const BEFORE = '2026-12-06T0100_premium-analytics';

const apps: TestApp[] = [];
afterAll(async () => {
  // The first app owns the database (it is dropped with it); the others share it.
  for (const t of apps.reverse()) await t.close();
});

async function stepDatabase(t: TestApp, step: 'down' | 'up'): Promise<string[]> {
  const handle = openDatabase({ dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl, databaseSchema: t.config.databaseSchema });
  try {
    const migrator = migratorOf(handle, t.config.databaseSchema);
    if (step === 'up') await migrateToLatest(handle, t.config.databaseSchema);
    else {
      const { error, results } = await migrator.migrateTo(BEFORE);
      if (error) throw error;
      // Later migrations go down first; this one is the last taken back.
      expect(results?.map((result) => result.migrationName).at(-1)).toBe(MIGRATION);
    }
    return (await migrator.getMigrations()).filter((migration) => migration.executedAt !== undefined).map((migration) => migration.name);
  } finally {
    await handle.close();
  }
}

describe(`the pages-and-teams migration (${DIALECT})`, () => {
  it('keeps every address, session, token and figure across up, down and up again', async () => {
    const first = await createTestApp();
    apps.push(first);
    const app = first.app;
    // A populated site: creators with links, a session, a token, a renamed address, and counted views.
    const creators = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    await setPlan(app, creators[0]!.user.id, 'pro');
    for (const creator of creators) await createLink(app, creator, { title: `Shop of ${creator.user.username}` });
    const made = await app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { cookie: creators[0]!.cookie },
      payload: { name: 'Script', scopes: ['links:read', 'links:write'] },
    });
    const token = made.json().data.token as string;
    const renamedTo = uniqueUsername('renamed');
    const formerName = creators[1]!.user.username;
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/me/username',
          headers: { cookie: creators[1]!.cookie },
          payload: { username: renamedTo },
        })
      ).statusCode,
    ).toBe(200);
    await app.inject({ url: `/${creators[2]!.user.username}`, remoteAddress: '192.0.2.30', headers: { 'user-agent': DESKTOP } });
    await app.events.flush();
    // A further page, made at the latest version: the way down removes it with its rows.
    const further = await app.inject({
      method: 'POST',
      url: '/api/me/pages',
      headers: { cookie: creators[0]!.cookie },
      payload: { username: uniqueUsername('band') },
    });
    const furtherName = further.json().data.username as string;
    await app.close();

    // Down to the version before: its tables and columns go, the users stay.
    const down = await stepDatabase(first, 'down');
    expect(down).not.toContain(MIGRATION);
    expect(down.at(-1)).toBe(BEFORE);
    // Up again on the populated database of the version before: what the migration meets in the field.
    const up = await stepDatabase(first, 'up');
    expect(up).toContain(MIGRATION);

    const second = await createTestApp({ shareDatabaseWith: first });
    apps.push(second);
    const again = second.app;
    for (const creator of creators) {
      const name = creator === creators[1] ? renamedTo : creator.user.username;
      const page = await again.inject({ url: `/${name}` });
      expect(page.statusCode, name).toBe(200);
      expect(page.body).toContain(`Shop of ${creator.user.username}`);
      // The session of the version before, and every user an account with its one page.
      const pages = await again.inject({ url: '/api/me/pages', headers: { cookie: creator.cookie } });
      expect(pages.statusCode).toBe(200);
      expect(pages.json().data.pages).toEqual([
        expect.objectContaining({ id: creator.user.id, username: name, role: 'owner', isAccountPage: true }),
      ]);
    }
    // The former name still redirects; the further page went with the way down.
    expect((await again.inject({ url: `/${formerName}` })).statusCode).toBe(301);
    expect((await again.inject({ url: `/${furtherName}` })).statusCode).toBe(404);
    // The token of the version before acts on its account's page, and on no other.
    const byToken = await again.inject({ url: `/api/users/${creators[0]!.user.id}/links`, headers: { authorization: `Bearer ${token}` } });
    expect(byToken.statusCode).toBe(200);
    const elsewhere = await again.inject({
      method: 'POST',
      url: '/api/links',
      headers: { authorization: `Bearer ${token}`, [PAGE_HEADER_NAME]: String(creators[1]!.user.id) },
      payload: { title: 'x', url: 'https://example.com/' },
    });
    expect(elsewhere.statusCode).toBe(403);
    // The figures counted before.
    const analytics = await again.inject({ url: '/api/me/analytics?days=7', headers: { cookie: creators[2]!.cookie } });
    expect(analytics.json().data.profileViews).toBe(1);
    await again.close();

    // Down and up once more: the way down is repeatable, and nothing of the version before is lost.
    expect((await stepDatabase(first, 'down')).at(-1)).toBe(BEFORE);
    expect(await stepDatabase(first, 'up')).toContain(MIGRATION);
    const third = await createTestApp({ shareDatabaseWith: first });
    apps.push(third);
    expect((await third.app.inject({ url: `/${renamedTo}` })).statusCode).toBe(200);
    expect((await third.app.inject({ url: '/api/auth/me', headers: { cookie: creators[2]!.cookie } })).statusCode).toBe(200);
  });
});
