import { type Kysely, PostgresAdapter } from 'kysely';

// Payments through Stripe Checkout (issue 33 §2): each purchase, from the
// Checkout Session the server opened (pending) to its signed confirmation
// (paid) or refund; the webhook events already handled, by Stripe's event id,
// so that a replayed event changes nothing; and the upload space the image
// hosting add-on adds. A purchase outlives its account (user_id set null; the
// username kept): it is the site's record of money taken. Frozen in time:
// imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('purchases')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('username', 'text', (column) => column.notNull())
    .addColumn('item', 'text', (column) => column.notNull())
    .addColumn('from_plan', 'text')
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('checkout_session_id', 'text', (column) => column.notNull())
    .addColumn('payment_intent_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema.createIndex('purchases_checkout_session_idx').on('purchases').column('checkout_session_id').unique().execute();
  await db.schema.createIndex('purchases_payment_intent_idx').on('purchases').column('payment_intent_id').execute();
  await db.schema.createIndex('purchases_user_idx').on('purchases').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('received_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('extra_upload_bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('extra_upload_bytes').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('purchases').execute();
}
