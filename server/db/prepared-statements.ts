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
//   where that plan is not estimated dearer (plan_cache_mode auto);
// - any other page (a filter value as a parameter) is planned on every call
//   as before, so no generic plan made for one filter value serves another.

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

/** A pg client that keeps the list page statements it runs prepared, as above (at most PREPARED_PER_CONNECTION). */
export class PreparingClient extends pg.Client {
  /** Statement text to its prepared name, least recently used first. */
  readonly #prepared = new Map<string, string>();

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
    let name = this.#prepared.get(text);
    if (name) this.#prepared.delete(text);
    else {
      name = `page_${++named}`;
      if (this.#prepared.size >= PREPARED_PER_CONNECTION) this.#forget(this.#prepared.keys().next().value as string);
    }
    this.#prepared.set(text, name);
    try {
      return await super.query({ name, text, values, rowMode: 'array' });
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
    const name = this.#prepared.get(text);
    if (!name) return;
    this.#prepared.delete(text);
    // pg remembers which names it has parsed on this connection (not part of its typed API).
    const connection = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
    delete connection.parsedStatements[name];
    super.query(`deallocate ${name}`).catch(() => undefined);
  }
}
