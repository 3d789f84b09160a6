import SQLite from 'better-sqlite3';
import {
  BinaryOperationNode,
  FunctionNode,
  OperationNodeTransformer,
  PrimitiveValueListNode,
  ValueNode,
  OperatorNode,
  PostgresAdapter,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  sql,
  type ColumnDefinitionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import * as postgres from 'kysely/helpers/postgres';
import * as sqlite from 'kysely/helpers/sqlite';

// What differs between SQLite (the embedded default) and PostgreSQL
// (DATABASE_URL=postgres://…), in one place. Every other query is portable
// SQL through Kysely. JSON built by the database reaches the code as text on
// both (the PostgreSQL pool leaves json unparsed, see open.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

export const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** An integer primary key the database numbers: an identity column on PostgreSQL, an autoincrement rowid on SQLite. */
export const generatedId = (db: AnyDb) => (c: ColumnDefinitionBuilder) =>
  isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

/** The column type of binary content. */
export const binaryType = (db: AnyDb) => (isPostgres(db) ? 'bytea' : 'blob');

/** The rows of a subquery as a JSON array of objects (text). */
export function jsonArrayFrom(db: AnyDb, subquery: AnySelect): RawBuilder<string> {
  return (isPostgres(db) ? postgres.jsonArrayFrom(subquery) : sqlite.jsonArrayFrom(subquery)) as RawBuilder<never>;
}

/** The values of a subquery's one column `value` as a JSON array (text; [] for no rows). */
export function jsonValuesFrom(db: AnyDb, subquery: AnySelect): RawBuilder<string> {
  const aggregate = isPostgres(db) ? sql`json_agg(x.value)` : sql`json_group_array(x.value)`;
  return sql`(select coalesce(${aggregate}, '[]') from (${subquery}) as x)`;
}

/** A top-level member of a JSON text column, as text (null when absent). */
export function jsonText(db: AnyDb, column: string, key: string): RawBuilder<string | null> {
  return isPostgres(db)
    ? sql`(${sql.ref(column)}::jsonb ->> ${sql.lit(key)})`
    : sql`json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)})`;
}

/** A top-level member of a JSON text column as an integer; null when it is not a JSON integer. */
export function jsonInteger(db: AnyDb, column: string, key: string): RawBuilder<number | null> {
  if (!isPostgres(db)) {
    return sql`(case when json_type(${sql.ref(column)}, ${sql.lit(`$.${key}`)}) = 'integer' then json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)}) end)`;
  }
  const text = jsonText(db, column, key);
  return sql`(case when ${text} ~ '^-?[0-9]{1,18}$' then (${text})::bigint end)`;
}

/**
 * The portable queries as PostgreSQL runs them best, a plugin of its Kysely:
 * - LIKE ignores ASCII case on SQLite; every LIKE becomes ILIKE, so a search
 *   matches the same rows on both (and uses the trigram index);
 * - `x in (v1, …, vn)` becomes `x = any($1)` with the values as one array
 *   parameter (`not in`: `<> all`), the same condition and plan: a tenancy
 *   of 10,000 companies is one parameter to send, parse and plan, not 10,000;
 * - a list of safe integers (a caller's companies, ids) is written into the
 *   statement as an array literal instead: a list page statement is then
 *   free of parameters, so PostgreSQL plans it once for the connection that
 *   keeps it prepared (prepared-statements.ts) rather than on every call.
 */
export class PostgresSpelling implements KyselyPlugin {
  readonly #transformer = new (class extends OperationNodeTransformer {
    protected override transformOperator(node: OperatorNode): OperatorNode {
      if (node.operator === 'like') return OperatorNode.create('ilike');
      if (node.operator === 'not like') return OperatorNode.create('not ilike');
      return node;
    }

    protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
      const { leftOperand, operator, rightOperand } = node;
      const op = OperatorNode.is(operator) ? operator.operator : undefined;
      if (!PrimitiveValueListNode.is(rightOperand) || (op !== 'in' && op !== 'not in')) {
        return super.transformBinaryOperation(node);
      }
      const negated = op === 'not in';
      const { values } = rightOperand;
      // Digits, commas and braces only: nothing a caller sends can reach the statement's text this way.
      const array = values.every((v) => Number.isSafeInteger(v))
        ? ValueNode.createImmediate(`{${values.join(',')}}`)
        : ValueNode.create(values);
      return BinaryOperationNode.create(
        this.transformNode(leftOperand),
        OperatorNode.create(negated ? '<>' : '='),
        FunctionNode.create(negated ? 'all' : 'any', [array]),
      );
    }
  })();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Locks the selected rows until the transaction ends (PostgreSQL). SQLite
 * runs one write transaction at a time, so the rows cannot change under it.
 */
export const lockRows = <Q extends AnySelect>(db: AnyDb, qb: Q): Q => (isPostgres(db) ? (qb.forUpdate() as Q) : qb);

/**
 * Serialises the transactions that take the same named lock, until the
 * transaction ends (PostgreSQL advisory lock; SQLite transactions are serial already).
 */
export async function transactionLock(trx: AnyDb, name: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/**
 * Runs `work` while holding a database-wide named lock, so that several processes (servers starting together,
 * `npm run db:migrate`, `npm run db:seed`) run it one after another: a PostgreSQL advisory lock; on SQLite, an
 * exclusive transaction on a lock file beside the database (`<file>-<name>.lock`, an empty SQLite file), which
 * the operating system releases if the process dies. The database's own write lock cannot serve: the migrator
 * and the seed open transactions of their own on the one connection.
 */
export async function exclusively<T>(db: AnyDb, name: string, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) {
    const main = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
    const file = main.rows[0]?.file;
    if (!file) return work(); // in memory: this connection is the only one
    // Waits (blocking: nothing else runs yet) while another process holds it.
    const lock = new SQLite(`${file}-${name.replace(/[^\w-]+/g, '-')}.lock`, { timeout: LOCK_WAIT_MS });
    try {
      lock.exec('begin exclusive');
      return await work();
    } finally {
      lock.close(); // ends the transaction, which releases the lock
    }
  }
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}

/** How long a process waits for another's migration or seed (SQLite; PostgreSQL waits as long as it takes). */
const LOCK_WAIT_MS = 10 * 60_000;

/** The columns the device search index covers (the IMEI joined them in migration 050). */
export const DEVICE_SEARCH_COLUMNS = ['name', 'serial', 'mac', 'imei'];

/**
 * The device search index over `columns`: an FTS5 trigram table kept by
 * triggers on SQLite, a pg_trgm GIN index on PostgreSQL (which answers the
 * list's case-insensitive LIKE directly).
 */
export async function createDeviceSearch(db: AnyDb, columns = ['name', 'serial', 'mac']): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    const ops = sql.raw(columns.map((c) => `${c} gin_trgm_ops`).join(', '));
    await sql`create index devices_search on devices using gin (${ops})`.execute(db);
    return;
  }
  const list = (prefix: string) => sql.raw(columns.map((c) => prefix + c).join(', '));
  await sql`create virtual table devices_search using fts5(${list('')}, content='devices', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger devices_search_insert after insert on devices begin
    insert into devices_search(rowid, ${list('')}) values (new.id, ${list('new.')}); end`.execute(db);
  await sql`create trigger devices_search_delete after delete on devices begin
    insert into devices_search(devices_search, rowid, ${list('')}) values ('delete', old.id, ${list('old.')}); end`.execute(
    db,
  );
  await sql`create trigger devices_search_update after update of ${list('')} on devices begin
    insert into devices_search(devices_search, rowid, ${list('')}) values ('delete', old.id, ${list('old.')});
    insert into devices_search(rowid, ${list('')}) values (new.id, ${list('new.')}); end`.execute(db);
  await sql`insert into devices_search(devices_search) values ('rebuild')`.execute(db);
}

/** Drops the device search index and builds it again over `columns`. */
export async function rebuildDeviceSearch(db: AnyDb, columns: string[]): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index devices_search`.execute(db);
  } else {
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.raw(`devices_search_${trigger}`)}`.execute(db);
    }
    await sql`drop table devices_search`.execute(db);
  }
  await createDeviceSearch(db, columns);
}

/**
 * The FTS5 query of a phrase in some of the index's columns. A column filter
 * naming every column is left out: it matches the same rows, and FTS5 reads
 * the phrase's trigrams about 40% faster without it (0.19 against 0.33 ms
 * for "riga" over 100,000 devices).
 */
export function ftsMatch(q: string, fields: readonly string[]): string {
  const phrase = `"${q.replaceAll('"', '""')}"`;
  return DEVICE_SEARCH_COLUMNS.every((c) => fields.includes(c)) ? phrase : `{${fields.join(' ')}}: ${phrase}`;
}

/** The list's text index over devices (SQLite FTS5); none on PostgreSQL, where LIKE uses the trigram index. */
export function deviceTextIndex(db: AnyDb) {
  if (isPostgres(db)) return undefined;
  return {
    fields: DEVICE_SEARCH_COLUMNS,
    idColumn: 's.rowid',
    apply: <Q extends AnySelect>(qb: Q, q: string, fields: string[]) =>
      qb
        .innerJoin(sql`devices_search`.as('s'), (join) => join.onRef(sql.ref('s.rowid') as never, '=', 'd.id' as never))
        .where(sql<boolean>`devices_search match ${ftsMatch(q, fields)}`) as Q,
  };
}

/** After rows were inserted with explicit ids: PostgreSQL identity sequences continue after the largest id. */
export async function syncGeneratedIds(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(db);
  for (const { table_name: table, column_name: column } of rows) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/**
 * Refreshes the planner's statistics after seeding (outside a transaction).
 * PostgreSQL also vacuums, which marks the pages all-visible so that counts
 * are answered from the indexes alone.
 */
export async function analyze(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`vacuum analyze`.execute(db);
    return;
  }
  await sql`analyze`.execute(db);
  await mergeDeviceSearch(db);
}

/**
 * Merges the SQLite device search index into one segment. Rows written one by
 * one (seeding, devices registered over time) leave it in several segments
 * (8 after seeding 100,000 devices) that every search reads: a search page for
 * "riga" over them took 0.46 ms before and 0.12 ms after (the merge: 0.6 s,
 * then nothing to do until more rows are written).
 */
async function mergeDeviceSearch(db: AnyDb): Promise<void> {
  await sql`insert into devices_search(devices_search) values ('optimize')`.execute(db);
}

/** Cheap statistics and index upkeep on start (SQLite; PostgreSQL's autovacuum does it). */
export async function optimize(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma optimize`.execute(db);
  await mergeDeviceSearch(db);
}
