import type { Kysely } from 'kysely';
import { generatedId } from './dialect';

// What product owners build in the form studio and keep.
// - custom_values: the values of custom fields, a form field whose key the
//   resource does not store (one row per record and key). `value` is the
//   JSON of the value as submitted; `text_value` and `number_value` are what a
//   list filters and sorts on, indexed per resource and key; `company_id` is
//   the record's company, so deleting a field's values keeps to a tenancy.
// - document_drafts: an unpublished edit of a document, one per user and
//   document, kept on the server so it survives a closed tab.

export async function createCustomValues(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_values')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer')
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('text_value', 'text')
    .addColumn('number_value', 'double precision')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('custom_values_pk', ['resource', 'record_id', 'key'])
    .execute();
  await db.schema
    .createIndex('custom_values_text')
    .on('custom_values')
    .columns(['resource', 'key', 'text_value'])
    .execute();
  await db.schema
    .createIndex('custom_values_number')
    .on('custom_values')
    .columns(['resource', 'key', 'number_value'])
    .execute();
}

export async function createDocumentDrafts(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_drafts')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('document_drafts_author', ['kind', 'name', 'author_id'])
    .execute();
}
