import type { Kysely } from 'kysely';

// A site without SMTP_URL holds its mail for the administrator (issue 51 §3):
// the mail is queued as always, marked held, and shown in the control center's
// Outbox until its link expires. Held mail is never handed to a mail server,
// even if one is set up later. Frozen in time: imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('held_at', 'text').execute();
  await db.schema.createIndex('mail_outbox_held_idx').on('mail_outbox').columns(['held_at', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_held_idx').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('held_at').execute();
}
