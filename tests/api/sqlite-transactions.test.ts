import SQLite from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';

// The analytics writer thread has its own SQLite connection. A transaction of
// the app that read first and wrote later used to fail with
// SQLITE_BUSY_SNAPSHOT when the writer committed in between (a 500 on a
// customization save, seen in this suite). Transactions now take the write
// lock when they begin.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.skipIf(DIALECT !== 'sqlite')('SQLite transactions', () => {
  it('hold the write lock from their start, so another connection cannot commit between their read and their write', async () => {
    const other = new SQLite(path.join(t.config.dataDir, 'linkverse.sqlite'), { timeout: 0 });
    try {
      await t.app.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').execute();
        expect(() =>
          other.prepare('insert into reserved_usernames (username, reason, created_at) values (?, ?, ?)').run('zz-lock', 'test', 'now'),
        ).toThrow(/database is locked/);
        await trx
          .insertInto('reservedUsernames')
          .values({ username: 'zz-after', reason: 'test', reservedBy: null, createdAt: 'now' })
          .execute();
      });
    } finally {
      other.close();
    }
  });
});
