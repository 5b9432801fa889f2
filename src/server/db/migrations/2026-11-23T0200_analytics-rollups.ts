import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Real analytics (issue 10): the profile's time zone, what raw events learn
// about a visit (country, browser, whether it counted), the daily salt of the
// visitor ids, the per-visitor windows that de-duplicate repeats and find unique
// visitors, and the daily rollups every screen reads.
// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // On SQLite, tables written by key on every visit keep their rows in the key's
  // own B-tree: one write per upsert instead of two (table and index).
  const withoutRowid = (table: CreateTableBuilder<any, any>) => (pg ? table : table.modifyEnd(sql`without rowid`));
  // An IANA zone name; null until the dashboard first sets it from the browser (UTC until then).
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();

  for (const [column, type, fallback] of [
    ['country', 'text', ''],
    ['browser', 'text', ''],
    ['counted', 'integer', 1],
  ] as const) {
    await db.schema
      .alterTable('events')
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }

  // One random secret per UTC day; deleted once its day is over, so a visitor id
  // can never be traced back to an address.
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  // target: a link id for clicks, 0 for views of the profile.
  await db.schema
    .createTable('visitor_windows')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target', 'integer', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addColumn('repeat_until', 'text', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull())
    .addColumn('fresh', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('visitor_windows_pk', ['user_id', 'target', 'visitor_hash'])
    .$call(withoutRowid)
    .execute();
  await db.schema.createIndex('visitor_windows_counted_at_idx').on('visitor_windows').column('counted_at').execute();

  // dimension: total, link, source, country, device or browser; value: '' for
  // total, else the link id, source name, country code, device or browser.
  // A profile's days are one range of the key: on SQLite the rows live in the
  // key's B-tree (without rowid), on PostgreSQL the key carries the figures
  // (include), so the dashboard's call reads the index alone.
  await sql`
    create table analytics_daily (
      user_id integer not null references users (id) on delete cascade,
      day text not null,
      kind text not null,
      dimension text not null,
      value text not null,
      visits integer not null,
      uniques integer not null,
      constraint analytics_daily_pk primary key (user_id, day, kind, dimension, value) ${pg ? sql`include (visits, uniques)` : sql``}
    ) ${pg ? sql`` : sql`without rowid`}
  `.execute(db);

  // Recent Activity: what happened to a profile, newest first.
  await db.schema
    .createTable('activity')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_user_idx').on('activity').columns(['user_id', 'id']).execute();
  // When a link was first clicked: its first click is an activity, told once.
  await db.schema.alterTable('links').addColumn('first_clicked_at', 'text').execute();

  // Events recorded before this migration become rollups: with no window kept
  // for them, a visitor counts once per day, page or link (stricter than the 30
  // minutes used from now on), and their days stay in UTC.
  const target = sql`coalesce(link_id, 0)`;
  for (const [dimension, value, where] of [
    ['total', sql`''`, sql`1 = 1`],
    ['link', sql`cast(link_id as text)`, sql`link_id is not null`],
    ['source', sql`source`, sql`kind = 'view'`],
    ['device', sql`device`, sql`kind = 'view'`],
  ] as const) {
    await sql`
      insert into analytics_daily (user_id, day, kind, dimension, value, visits, uniques)
      select user_id, day, kind, ${sql.lit(dimension)}, value, count(*), count(*)
      from (
        select user_id, day, kind, ${value} as value, ${target} as target, visitor_hash
        from events where ${where}
        group by 1, 2, 3, 4, 5, 6
      ) as visitor_days
      group by user_id, day, kind, value
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('first_clicked_at').execute();
  await db.schema.dropTable('activity').execute();
  await db.schema.dropTable('analytics_daily').execute();
  await db.schema.dropTable('visitor_windows').execute();
  await db.schema.dropTable('analytics_salts').execute();
  for (const column of ['counted', 'browser', 'country']) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
