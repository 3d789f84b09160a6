import pg from 'pg';

// List pages are the server's hottest statements, and on PostgreSQL most of
// their cost is planning (a device page: about 0.3 ms to plan, 0.15 ms to run;
// a tenancy of 10,000 companies, 3 ms to plan). A connection keeps the page
// statements it ran prepared, by text, so that PostgreSQL plans each once.
//
// Only statements without parameters are kept: PostgreSQL always runs those
// with their one plan, made with every value the statement holds (the
// caller's companies are written into it, see PostgresSpelling). A statement
// with parameters (a search term, a filter) could be switched by PostgreSQL
// to a generic plan that fits one tenant and not another, so it is planned on
// every call as before.

/** A statement text starting with this comment is a list page: kept prepared on PostgreSQL when it has no parameters. */
export const PAGE_STATEMENT = '/* list page */ ';

/** How many page statements one connection keeps prepared; the least recently used one is deallocated past it. */
export const PREPARED_PER_CONNECTION = 100;

/** The SQLSTATE of a kept statement whose table changed its columns since it was prepared. */
const FEATURE_NOT_SUPPORTED = '0A000';

let named = 0;

/** A pg client that keeps the list page statements it runs prepared (at most PREPARED_PER_CONNECTION). */
export class PreparingClient extends pg.Client {
  /** Statement text to its prepared name, least recently used first. */
  readonly #prepared = new Map<string, string>();

  // pg's query has many overloads; Kysely calls query(text, values) and awaits the promise.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text !== 'string' || !text.startsWith(PAGE_STATEMENT) || (values?.length ?? 0) > 0) {
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    return this.#runPrepared(text);
  }

  async #runPrepared(text: string, again = true): Promise<pg.QueryResult> {
    let name = this.#prepared.get(text);
    if (name) this.#prepared.delete(text);
    else {
      name = `page_${++named}`;
      if (this.#prepared.size >= PREPARED_PER_CONNECTION) this.#forget(this.#prepared.keys().next().value as string);
    }
    this.#prepared.set(text, name);
    try {
      return await super.query({ name, text });
    } catch (error) {
      // A statement that failed is prepared anew next time. One whose table changed under it (a migration by
      // another instance: "cached plan must not change result type") runs again at once, prepared anew.
      this.#forget(text);
      if (again && (error as { code?: string }).code === FEATURE_NOT_SUPPORTED) return this.#runPrepared(text, false);
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
