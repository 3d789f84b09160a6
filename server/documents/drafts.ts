import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

// Drafts of documents: an unpublished edit kept on the server, one per user
// and document, so it survives a closed tab and other owners see that someone
// is editing ("draft by … since …"). Publishing (or reverting) drops the
// author's draft of that document.

export interface DraftKey {
  kind: string;
  name: string;
}

const columns = ['kind', 'name', 'author', 'author_id', 'version', 'created_at', 'updated_at'] as const;

export class DraftStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
  ) {}

  /** Saves the author's draft (created on the first save; `created_at` stays: "since"). */
  async save(key: DraftKey, author: { id: number; email: string }, text: string, version: number) {
    const at = this.now().toISOString();
    await this.db
      .insertInto('document_drafts')
      .values({ ...key, author_id: author.id, author: author.email, version, text, created_at: at, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['kind', 'name', 'author_id']).doUpdateSet({ text, version, author: author.email, updated_at: at }),
      )
      .execute();
    return this.mine(key, author.id);
  }

  /** The author's draft of a document, with its text. */
  mine(key: DraftKey, authorId: number) {
    return this.db
      .selectFrom('document_drafts')
      .select([...columns, 'text'])
      .where('kind', '=', key.kind)
      .where('name', '=', key.name)
      .where('author_id', '=', authorId)
      .executeTakeFirst();
  }

  /** Every owner's draft (of one document, or of all), newest first, without the texts. */
  list(key?: DraftKey) {
    let query = this.db.selectFrom('document_drafts').select(columns);
    if (key) query = query.where('kind', '=', key.kind).where('name', '=', key.name);
    return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
  }

  async drop(key: DraftKey, authorId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('document_drafts')
      .where('kind', '=', key.kind)
      .where('name', '=', key.name)
      .where('author_id', '=', authorId)
      .executeTakeFirst();
    return Number(result.numDeletedRows ?? 0) > 0;
  }
}
