import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: imports nothing from the app (STYLE.md habit 7).
// Runs on SQLite and PostgreSQL; only the identity column differs.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const idColumn = (builder: any) =>
    pg
      ? builder.addColumn('id', 'integer', (c: any) => c.primaryKey().generatedByDefaultAsIdentity())
      : builder.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await idColumn(db.schema.createTable('users'))
    .addColumn('username', 'text', (c: any) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c: any) => c.notNull())
    .addColumn('display_name', 'text', (c: any) => c.notNull())
    .addColumn('bio', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('role', 'text', (c: any) => c.notNull().defaultTo('user'))
    .addColumn('plan', 'text', (c: any) => c.notNull().defaultTo('free'))
    .addColumn('is_active', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('verified', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('username_changed_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await idColumn(db.schema.createTable('reserved_usernames'))
    .addColumn('username', 'text', (c: any) => c.notNull().unique())
    .addColumn('reason', 'text', (c: any) => c.notNull())
    .addColumn('reserved_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('username_history'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('old_username', 'text', (c: any) => c.notNull())
    .addColumn('new_username', 'text', (c: any) => c.notNull())
    .addColumn('changed_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('changed_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('username_history_user_id_idx').on('username_history').columns(['user_id', 'changed_at']).execute();

  await idColumn(db.schema.createTable('admin_logs'))
    .addColumn('admin_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('admin_username', 'text', (c: any) => c.notNull())
    .addColumn('action', 'text', (c: any) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('target_username', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_logs_action_created_idx').on('admin_logs').columns(['action', 'created_at']).execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('maintenance_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maintenance_message', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into site_settings (id, maintenance_mode, maintenance_message, updated_at)
    values (1, 0, ${'We are working on something incredible for you. Get ready to be amazed!'}, ${new Date().toISOString()})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['site_settings', 'admin_logs', 'username_history', 'reserved_usernames', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
