import { type Kysely, PostgresAdapter } from 'kysely';

// Passkeys (issue 29): each credential's id and public key (nothing secret),
// its signature counter, and the ceremonies' challenges, bound to the browser
// that asked (the token in its cookie, as a sha256). Frozen in time: imports
// nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));
  await id('passkeys')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('counter', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('transports', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_credential_id_idx').on('passkeys').column('credential_id').unique().execute();
  await db.schema.createIndex('passkeys_user_id_idx').on('passkeys').column('user_id').execute();
  await id('webauthn_challenges')
    .addColumn('token_hash', 'text', (column) => column.notNull())
    .addColumn('challenge', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('webauthn_challenges_token_hash_idx').on('webauthn_challenges').column('token_hash').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
