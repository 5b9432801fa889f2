import type { Kysely } from 'kysely';

// SEO tools (issue 52 §3): a page's search and share appearance, indexing,
// structured data and verification codes, as one document per page, with its
// noindex switch beside it for the sitemap's query. Frozen in time: imports
// nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_seo')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // JSON text on both databases, as the look's document.
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_seo').execute();
}
