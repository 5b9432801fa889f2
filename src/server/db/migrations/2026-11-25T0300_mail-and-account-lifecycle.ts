import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Email for real and accounts that can be closed (issue 28). Frozen in time:
// imports nothing from the app.
// - users: when the address was confirmed, the weekly summary opt-in and when it
//   last went out, and when a requested deletion becomes final.
// - email_confirmations: one-time confirmation links (only the token's hash).
// - mail_outbox: mail waiting to go out, so that a restart or a mail server
//   that is down delays mail and loses none.
// - held_usernames: names of deleted accounts, held for a while like a changed name.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('weekly_summary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('weekly_summary_sent_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('delete_after', 'text').execute();
  // Forgot-password finds an account by its address, in any case.
  await db.schema
    .createIndex('users_lower_email_idx')
    .on('users')
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('email_confirmations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_confirmations_user_id_idx').on('email_confirmations').column('user_id').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('send_after', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('given_up_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['sent_at', 'given_up_at', 'send_after']).execute();

  await db.schema
    .createTable('held_usernames')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('held_until', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('held_usernames').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('email_confirmations').execute();
  await db.schema.dropIndex('users_lower_email_idx').execute();
  for (const column of ['delete_after', 'weekly_summary_sent_at', 'weekly_summary', 'email_confirmed_at']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
