import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { DOCUMENT_KINDS, type DocumentKind } from '../../engine/schema/document-source';
import type { DocumentVersionAction } from '../../engine/schema/version-actions';
import type { Database } from '../db/types';
import { ApiError } from '../http/envelope';

// The document store: the published document of each kind and name, every version
// with author and time, an audit log. Reads for validation come from an in-memory
// copy that is refreshed whenever the newest version id in the database moves (one
// indexed query), so a publish on any instance takes effect on every instance.
// `onChange` and `invalidate` are the hook for a pub/sub channel between instances.

export interface PublishedDocument {
  kind: DocumentKind;
  name: string;
  version: number;
  document: Record<string, unknown>;
  etag: string;
  updated_at: string;
  updated_by: string;
}

export interface Author {
  id: number | null;
  email: string;
  ip?: string | null;
}

export interface Change {
  kind: DocumentKind;
  name: string;
  document: unknown;
  /** The version the author started from: the latest, or 0 for a new document. */
  expected: number;
  author: Author;
  action?: DocumentVersionAction;
  /** For a revert: the version restored. */
  fromVersion?: number | null;
}

export type ChangeListener = (kind: DocumentKind, name: string, version: number) => void;

const etagOf = (version: number, body: string) =>
  `"${version}-${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;

const keyOf = (kind: string, name: string) => `${kind}/${name}`;

export class DocumentStore {
  private byKey = new Map<string, PublishedDocument>();
  private newestVersionId = -1;
  private listeners = new Set<ChangeListener>();
  /** Moves whenever the in-memory copy changes (validation caches key on it). */
  generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
  ) {}

  /** Re-reads the published documents when a version was added anywhere since the last read. */
  async fresh(): Promise<this> {
    const row = await this.db
      .selectFrom('document_versions')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const newest = Number(row?.id ?? 0);
    if (newest !== this.newestVersionId) await this.reload(newest);
    return this;
  }

  /** Drops the in-memory copy (a pub/sub message from another instance); the next read reloads. */
  invalidate(): void {
    this.newestVersionId = -1;
  }

  /** Listens to publishes and reverts made through this instance (returns the unsubscribe function). */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async reload(newest: number) {
    const rows = await this.db.selectFrom('documents').selectAll().execute();
    this.byKey = new Map(
      rows.map((r) => [
        keyOf(r.kind, r.name),
        { ...r, kind: r.kind as DocumentKind, document: JSON.parse(r.body) as Record<string, unknown> },
      ]),
    );
    this.newestVersionId = newest;
    this.generation++;
  }

  /** The published document (from the in-memory copy: call fresh() first). */
  get(kind: DocumentKind, name: string): PublishedDocument | undefined {
    return this.byKey.get(keyOf(kind, name));
  }

  /** Every published document of a kind (or of every kind), by name. */
  list(kind?: DocumentKind): PublishedDocument[] {
    return [...this.byKey.values()]
      .filter((d) => !kind || d.kind === kind)
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  }

  /** Names of the published documents by kind, for the cross-checks. */
  names(): Record<string, Set<string>> {
    const out: Record<string, Set<string>> = Object.fromEntries(DOCUMENT_KINDS.map((k) => [k, new Set<string>()]));
    for (const d of this.byKey.values()) out[d.kind].add(d.name);
    return out;
  }

  /**
   * Publishes a new version when `expected` is the latest version (0 for a new
   * document), else 409. Writes the version, the published row and the audit entry
   * in one transaction.
   */
  async publish(change: Change): Promise<PublishedDocument> {
    const version = await this.db.transaction().execute((trx) => this.write(trx, change));
    await this.fresh();
    for (const listener of this.listeners) listener(change.kind, change.name, version);
    return this.get(change.kind, change.name)!;
  }

  /** Writes several changes in one transaction (seeding the built-in documents). */
  async publishAll(changes: Change[]): Promise<void> {
    if (!changes.length) return;
    await this.db.transaction().execute(async (trx) => {
      for (const change of changes) await this.write(trx, change);
    });
    await this.fresh();
  }

  private async write(trx: Transaction<Database>, change: Change): Promise<number> {
    const { kind, name, expected, author, action = 'publish', fromVersion = null } = change;
    const body = JSON.stringify(change.document);
    const at = this.now().toISOString();
    const current = await trx
      .selectFrom('documents')
      .select('version')
      .where('kind', '=', kind)
      .where('name', '=', name)
      .executeTakeFirst();
    const latest = current?.version ?? 0;
    if (latest !== expected) {
      throw ApiError.of(
        409,
        'CONFLICT',
        `Version ${expected} is not the latest version (${latest}) of ${kind}/${name}; someone else published meanwhile.`,
        'version',
        { version: latest },
      );
    }
    const next = latest + 1;
    const row = { version: next, body, etag: etagOf(next, body), updated_at: at, updated_by: author.email };
    await trx
      .insertInto('document_versions')
      .values({ kind, name, version: next, body, action, author_id: author.id, author: author.email, created_at: at })
      .execute();
    if (current)
      await trx.updateTable('documents').set(row).where('kind', '=', kind).where('name', '=', name).execute();
    else
      await trx
        .insertInto('documents')
        .values({ kind, name, ...row })
        .execute();
    await trx
      .insertInto('document_audit')
      .values({
        kind,
        name,
        action,
        version: next,
        from_version: fromVersion,
        actor_id: author.id,
        actor: author.email,
        ip: author.ip ?? null,
        created_at: at,
      })
      .execute();
    return next;
  }

  async versions(kind: DocumentKind, name: string) {
    return this.db
      .selectFrom('document_versions')
      .select(['version', 'action', 'author', 'created_at'])
      .where('kind', '=', kind)
      .where('name', '=', name)
      .orderBy('version', 'desc')
      .execute();
  }

  /** One version's document, or undefined. */
  async version(kind: DocumentKind, name: string, version: number): Promise<unknown> {
    const row = await this.db
      .selectFrom('document_versions')
      .select('body')
      .where('kind', '=', kind)
      .where('name', '=', name)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? (JSON.parse(row.body) as unknown) : undefined;
  }

  async audit(limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      this.db.selectFrom('document_audit').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      this.db
        .selectFrom('document_audit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}
