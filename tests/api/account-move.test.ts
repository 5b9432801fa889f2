import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REFERENCES } from '#server/users/account-move.repository.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';

// When an account gives its own first page away (issue 53), what is the person
// follows them to the page they keep and the rest stays with the page
// (users/account-move.repository.ts). A table that points at `users` and is on neither
// list fails here: whoever adds it decides which side it is on, before a page
// handed over could carry its former owner's sessions or keys with it.

/** Columns that point at `users` and belong to the page: they stay with it when it changes owner. */
const PAGE_REFERENCES = [
  ['users', 'owner_id'],
  ['username_history', 'user_id'],
  ['media', 'owner_id'],
  ['links', 'user_id'],
  ['link_archive', 'user_id'],
  ['events', 'user_id'],
  ['visitor_windows', 'user_id'],
  ['analytics_daily', 'user_id'],
  ['customizations', 'user_id'],
  ['page_seo', 'user_id'],
  ['saved_looks', 'user_id'],
  ['subscribers', 'user_id'],
  ['custom_domains', 'user_id'],
  ['activity', 'user_id'],
  ['page_members', 'page_id'],
  ['page_invitations', 'page_id'],
  // What an admin did to an account or page stays in that page's history.
  ['admin_logs', 'target_id'],
];

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function columnsPointingAtUsers(): Promise<string[]> {
  const rows =
    DIALECT === 'sqlite'
      ? await sql<{ tbl: string; col: string }>`
          select m.name as tbl, f."from" as col
          from sqlite_master m join pragma_foreign_key_list(m.name) f
          where m.type = 'table' and f."table" = 'users'`.execute(t.app.db)
      : await sql<{ tbl: string; col: string }>`
          select kcu.table_name as tbl, kcu.column_name as col
          from information_schema.referential_constraints rc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
          where ccu.table_name = 'users' and rc.constraint_schema = current_schema()`.execute(t.app.db);
  return rows.rows.map((row) => `${row.tbl}.${row.col}`).sort();
}

describe(`what follows the person when their first page changes owner (${DIALECT})`, () => {
  it('names every column that points at users, once, as the person’s or the page’s', async () => {
    const person = ACCOUNT_REFERENCES.map(([table, column]) => `${snake(table)}.${snake(column)}`);
    const page = PAGE_REFERENCES.map(([table, column]) => `${table}.${column}`);
    expect(person.filter((column) => page.includes(column))).toEqual([]);
    const named = new Set([...person, ...page]);
    const found = await columnsPointingAtUsers();
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((column) => !named.has(column))).toEqual([]);
  });
});
