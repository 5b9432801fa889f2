import type { Kysely } from 'kysely';

// Profile settings, one customization document per user, the lookup of
// former usernames (held for 30 days, answered with a redirect), and links
// shown as a round icon under the bio.
// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('dashboard_theme', 'text', (c) => c.notNull().defaultTo('dark'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('show_views', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('show_activity', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .alterTable('links')
    .addColumn('show_as_icon', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('customizations')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // JSON text on both databases, so that both return the same value.
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('username_history_old_username_idx').on('username_history').columns(['old_username', 'changed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('username_history_old_username_idx').execute();
  await db.schema.dropTable('customizations').execute();
  await db.schema.alterTable('links').dropColumn('show_as_icon').execute();
  for (const column of ['show_activity', 'show_views', 'dashboard_theme']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
