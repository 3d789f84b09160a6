import type { Kysely } from 'kysely';

/**
 * 166: the actions of a tag (POST /tags `actions`): up to four, one of each kind, each naming its source (a
 * firmware or backup file, a task group, a configurator template) in the tag's company.
 */
export async function createTagActions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tag_actions')
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_actions_pk', ['tag_id', 'action'])
    .execute();
}
