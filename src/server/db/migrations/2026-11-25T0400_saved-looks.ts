import { type Kysely, PostgresAdapter } from 'kysely';

// The history of saved looks (issue 27): the customization documents a profile
// showed before its latest save, Reset All or restore, the newest twenty kept.
// Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('saved_looks')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_looks_user_id_idx').on('saved_looks').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_looks').execute();
}
