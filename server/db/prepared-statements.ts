import pg from 'pg';

// List pages are the server's hottest statements, and on PostgreSQL most of
// their cost is planning (a device page: about 0.3 ms to plan, 0.15 ms to run;
// a tenancy of 10,000 companies, 3 ms to plan). A connection keeps the page
// statements it ran prepared, by text, so that PostgreSQL plans each as
// seldom as it safely can:
// - a page statement without parameters (the caller's companies and ids are
//   written into it, see PostgresSpelling) runs with its one plan, made with
//   every value it holds;
// - a search page whose only parameters are its search patterns
//   (SEARCH_PAGE_STATEMENT) is left to PostgreSQL's own choice: planned with
//   the pattern for its first five runs, then with one generic plan only
//   where that plan is not estimated dearer (plan_cache_mode auto); the
//   device search's page in index order hides its pattern from the planner
//   (list-query.ts buildList), so it gets the generic plan after five runs;
// - any other page (a filter value as a parameter) is planned on every call
//   as before, so no generic plan made for one filter value serves another.
// A kept statement is described once: pg asks PostgreSQL for the row
// description on every run and builds a parser per column from it (a device
// page: 40 columns, about a tenth of the page's server CPU); KeptQuery keeps
// the description and parsers of its first run. PostgreSQL itself refuses to
// run a kept statement whose result columns changed since ("cached plan must
// not change result type"), so a kept description never outlives its columns.

/**
 * A statement text starting with this comment is a list page: its rows answer as arrays of the column values on
 * both databases; kept prepared on PostgreSQL when it has no parameters.
 */
export const PAGE_STATEMENT = '/* list page */ ';

/** A list page whose parameters are its search patterns only: kept prepared on PostgreSQL with them. */
export const SEARCH_PAGE_STATEMENT = '/* list page: search */ ';

/** Whether a statement is a list page (either marker). */
export const isPageStatement = (text: string) =>
  text.startsWith(PAGE_STATEMENT) || text.startsWith(SEARCH_PAGE_STATEMENT);

/** How many page statements one connection keeps prepared; the least recently used one is deallocated past it. */
export const PREPARED_PER_CONNECTION = 100;

/** The SQLSTATE of a kept statement whose table changed its columns since it was prepared. */
const FEATURE_NOT_SUPPORTED = '0A000';

let named = 0;

/** A kept statement: its prepared name and, after its first run, its row description and pg's parsers for it. */
interface Kept {
  name: string;
  described?: { fields: pg.FieldDef[]; parsers: unknown[] };
}

/** What KeptQuery uses of pg's Query and Connection (pg 8, not part of its typed API). */
interface QueryInternals {
  prepare(connection: { describe: unknown }): void;
  handleRowDescription(message: { fields: pg.FieldDef[] }): void;
  _result: { fields: pg.FieldDef[]; _parsers: unknown[] };
  _accumulateRows: boolean;
}

/** A run of a kept statement: described on its first run only (see above). */
class KeptQuery extends pg.Query {
  readonly #kept: Kept;

  constructor(kept: Kept, text: string, values: unknown[], done: (error: Error | undefined, result: unknown) => void) {
    const config: pg.QueryArrayConfig = { name: kept.name, text, values, rowMode: 'array' };
    super(config, done);
    this.#kept = kept;
  }

  prepare(connection: { describe: unknown }) {
    const query = this as unknown as QueryInternals;
    const prepare = (pg.Query.prototype as unknown as QueryInternals).prepare;
    const described = this.#kept.described;
    if (!described) return prepare.call(this, connection);
    // Bind and Execute as pg does, without its Describe; the rows are read with the kept description.
    connection.describe = () => true;
    try {
      prepare.call(this, connection);
    } finally {
      delete (connection as { describe?: unknown }).describe;
    }
    query._result.fields = described.fields;
    query._result._parsers = described.parsers;
    query._accumulateRows = true;
  }

  handleRowDescription(message: { fields: pg.FieldDef[] }) {
    const query = this as unknown as QueryInternals;
    (pg.Query.prototype as unknown as QueryInternals).handleRowDescription.call(this, message);
    this.#kept.described = { fields: message.fields, parsers: query._result._parsers };
  }
}

/** A pg client that keeps the list page statements it runs prepared, as above (at most PREPARED_PER_CONNECTION). */
export class PreparingClient extends pg.Client {
  /** Statement text to its kept statement, least recently used first. */
  readonly #prepared = new Map<string, Kept>();

  // pg's query has many overloads; Kysely calls query(text, values) and awaits the promise.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text !== 'string' || !isPageStatement(text)) {
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const kept = text.startsWith(SEARCH_PAGE_STATEMENT) || !values?.length;
    // A page answers its rows as arrays of the column values, as on SQLite: no object per row (a tenth of a
    // device page's server CPU).
    return kept ? this.#runPrepared(text, values ?? []) : super.query({ text, values, rowMode: 'array' });
  }

  async #runPrepared(text: string, values: unknown[], again = true): Promise<pg.QueryResult> {
    let kept = this.#prepared.get(text);
    if (kept) this.#prepared.delete(text);
    else {
      kept = { name: `page_${++named}` };
      if (this.#prepared.size >= PREPARED_PER_CONNECTION) this.#forget(this.#prepared.keys().next().value as string);
    }
    this.#prepared.set(text, kept);
    try {
      return await new Promise<pg.QueryResult>((resolve, reject) =>
        super.query(
          new KeptQuery(kept, text, values, (error, result) =>
            error ? reject(error) : resolve(result as pg.QueryResult),
          ),
        ),
      );
    } catch (error) {
      // A statement that failed is prepared anew next time. One whose table changed under it (a migration by
      // another instance: "cached plan must not change result type") runs again at once, prepared anew.
      this.#forget(text);
      if (again && (error as { code?: string }).code === FEATURE_NOT_SUPPORTED)
        return this.#runPrepared(text, values, false);
      throw error;
    }
  }

  /** Deallocates a kept statement; its name is never used again. */
  #forget(text: string) {
    const name = this.#prepared.get(text)?.name;
    if (!name) return;
    this.#prepared.delete(text);
    // pg remembers which names it has parsed on this connection (not part of its typed API).
    const connection = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
    delete connection.parsedStatements[name];
    super.query(`deallocate ${name}`).catch(() => undefined);
  }
}
