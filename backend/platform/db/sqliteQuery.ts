/**
 * Sequelize 6's SQLite query class, with three costs it pays on every statement taken out
 * (bench/orderCreate.ts measured them: about a third of the main thread's time per order):
 *
 * - It formats the caller's stack (`new Error().stack`) for every statement, to put it on the
 *   error if the statement fails. Under source maps (tsx, and production's --enable-source-maps)
 *   that formatting maps every frame through the source map. Here the stack is only captured
 *   (cheap) and formatted when the statement fails.
 * - Every SELECT first asks `PRAGMA table_info` of its table for the column types (two round
 *   trips through the SQLite thread instead of one). Here each table's answer is kept for this
 *   Sequelize until a statement that creates, alters or drops a table runs through it (the
 *   migrations at start-up, tests that sync). A schema change made by another process is seen after a restart,
 *   which is when this process's models learn of it too.
 *
 *
 * - Every statement was prepared again on each run (two trips through the thread pool instead of
 *   one): statements whose text repeats are kept prepared per handle (./sqliteStatements.ts).
 *
 * It also notes the handles whose transaction ended (a COMMIT or ROLLBACK that succeeded):
 * db/index.ts keeps those for the next transaction without a ROLLBACK of its own.
 *
 * These are Sequelize's private members (`run`, `_handleQueryResponse`, `formatError`):
 * package.json pins Sequelize exactly, and db/sqliteQuery.int.test.ts fails when an upgrade changes them.
 */
import type { Sequelize } from 'sequelize';
import type { Database } from 'sqlite3';
import { forgetStatements, keepStatements } from './sqliteStatements';

type ColumnTypes = Record<string, Record<string, string>>;

interface SqliteHandle {
  all(sql: string, callback: (error: Error | null, rows: Array<{ name: string; type: string }>) => void): void;
}

/** The members of Sequelize's SQLite Query this subclass uses. */
interface SqliteQuery {
  connection: SqliteHandle;
  sql: string;
  options: { tableNames?: string[] };
  getDatabaseMethod(): string;
  run(sql: string, parameters: unknown): Promise<unknown>;
  _handleQueryResponse(metaData: unknown, columnTypes: ColumnTypes, error: unknown, results: unknown, errorStack: string): unknown;
  formatError(error: unknown, errorStack: string): Error;
}
type SqliteQueryClass = new (...args: never[]) => SqliteQuery;

/** Handles whose last transaction statement was a COMMIT or ROLLBACK that succeeded. */
const settled = new WeakSet<object>();
const BEGIN = /^\s*BEGIN\b/i;
const END = /^\s*(?:COMMIT|ROLLBACK)\s*(?:TRANSACTION\s*)?;?\s*$/i;

/** Whether the transaction last begun on this SQLite handle has ended (committed or rolled back). */
export function transactionEnded(handle: object): boolean {
  return settled.has(handle);
}

/** A statement that may change a table's columns: the kept column types are dropped. */
const SCHEMA_CHANGE = /\b(?:create|alter|drop)\s+table\b/i;
/** How Sequelize finds the table of a SELECT (sqlite/query.js `run`). */
const FROM_TABLE = /FROM `(.*?)`/i;

export function useFastSqliteQuery(sequelize: Sequelize): void {
  const dialect = (sequelize as unknown as { dialect: { Query: SqliteQueryClass } }).dialect;
  const Base = dialect.Query;
  const kept = new Map<string, Record<string, string>>();
  let generation = 0;

  function tableInfo(connection: SqliteHandle, table: string): Promise<void> {
    const asked = generation;
    return new Promise((resolve) => {
      connection.all(`PRAGMA table_info(\`${table}\`)`, (error, rows) => {
        // As Sequelize does, a failed PRAGMA leaves the table without types; nothing is kept then.
        if (!error && asked === generation) kept.set(table, Object.fromEntries(rows.map((row) => [row.name, row.type])));
        resolve();
      });
    });
  }

  class FastSqliteQuery extends (Base as unknown as new (...args: never[]) => SqliteQuery) {
    private callSite: Error | undefined;
    private tables: string[] | undefined;

    override async run(sql: string, parameters: unknown): Promise<unknown> {
      keepStatements(this.connection as unknown as Database);
      if (SCHEMA_CHANGE.test(sql)) {
        kept.clear();
        generation += 1;
        forgetStatements(this.connection as unknown as Database);
      }
      this.sql = sql;
      if (BEGIN.test(sql)) settled.delete(this.connection);
      if (this.getDatabaseMethod() === 'all' && this.tables === undefined) {
        const named = this.options.tableNames ?? [FROM_TABLE.exec(sql)?.[1]];
        this.tables = named.filter((table): table is string => table !== undefined && table !== 'sqlite_master').map((table) => table.replace(/`/g, ''));
        await Promise.all(this.tables.filter((table) => !kept.has(table)).map((table) => tableInfo(this.connection, table)));
        // Sequelize asks for the types of these tables only: none, they are passed below.
        this.options.tableNames = [];
      }
      this.callSite = new Error();
      const limit = Error.stackTraceLimit;
      // Sequelize's own `new Error()` is made synchronously within this call: an empty stack, nothing to format.
      Error.stackTraceLimit = 0;
      try {
        return super.run(sql, parameters);
      } finally {
        Error.stackTraceLimit = limit;
      }
    }

    override _handleQueryResponse(metaData: unknown, columnTypes: ColumnTypes, error: unknown, results: unknown, errorStack: string): unknown {
      for (const table of this.tables ?? []) {
        const types = kept.get(table);
        if (types) columnTypes[table] = types;
      }
      const result = super._handleQueryResponse(metaData, columnTypes, error, results, errorStack);
      if (!error && END.test(this.sql)) settled.add(this.connection);
      return result;
    }

    override formatError(error: unknown, errorStack: string): Error {
      return super.formatError(error, this.callSite?.stack ?? errorStack);
    }
  }
  dialect.Query = FastSqliteQuery as unknown as SqliteQueryClass;
}
