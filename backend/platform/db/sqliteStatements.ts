/**
 * Prepared statements kept per SQLite handle. node-sqlite3 runs `db.run(sql, params)` as two trips
 * through libuv's thread pool — prepare, then bind and step — and each trip's answer waits for
 * the event loop. In SQLite's one writer's turn (db/transaction.ts) those waits add up: under load
 * a new order's transaction (seven statements) held the writer ~10 ms at p50, and the writes of
 * every request queued behind it (docs/benchmarks.md, session 23).
 *
 * A statement whose text repeats — Sequelize's INSERTs and UPDATEs pass their values as bind
 * parameters, so one code path always sends the same text; and the transaction's BEGIN, COMMIT and
 * ROLLBACK — is prepared once per handle and run again with its new parameters: one trip. A
 * statement without parameters (Sequelize inlines the values of its SELECTs) is prepared every
 * time, as before. A statement that fails is finalized and forgotten (the next use prepares it
 * again); the handle's statements are finalized before it closes (SQLite refuses to close a
 * handle with live statements) or when a statement may change a table (the caller says so).
 */
import type { Database, RunResult, Statement } from 'sqlite3';

/** Statements kept per handle; the least recently used one goes first. */
export const KEPT_STATEMENTS = 64;

/** Transaction control whose text never changes (a savepoint's carries its name: not kept). */
const CONTROL = /^(?:BEGIN(?: DEFERRED| IMMEDIATE| EXCLUSIVE)? TRANSACTION;|COMMIT;|ROLLBACK;)$/;
/** A write that returns no row: its one step runs it to the end. */
const WRITE = /^\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b/i;
const RETURNING = /\bRETURNING\b/i;

type Parameters = unknown[] | Record<string, unknown>;
type Callback = (this: RunResult | Statement, error: Error | null, result?: unknown) => void;
/**
 * Sequelize's two methods. `all` steps to the end; `run` steps once, so only a write that returns
 * no row is kept — a kept statement left on a row would hold its read snapshot until its next use.
 * (`get` steps once and stops on its row: never kept.)
 */
type Method = 'run' | 'all';

/** Each handle's kept statements by text, least recently used first. */
const kept = new WeakMap<Database, Map<string, Statement>>();

/** Drops every kept statement (each finalized once its queued runs are done). */
function forget(statements: Map<string, Statement>): void {
  for (const statement of statements.values()) statement.finalize();
  statements.clear();
}

function hasParameters(parameters: Parameters | undefined): boolean {
  if (!parameters) return false;
  if (Array.isArray(parameters)) return parameters.length > 0;
  for (const _ in parameters) return true;
  return false;
}

/** Whether `sql` with these parameters, run by `method`, is run from a kept statement. */
export function keepsStatement(method: Method, sql: string, parameters: Parameters | undefined): boolean {
  if (CONTROL.test(sql)) return true;
  if (!hasParameters(parameters)) return false;
  return method === 'all' || (WRITE.test(sql) && !RETURNING.test(sql));
}

/**
 * From now on, `handle.run/all` of a statement `keepsStatement` accepts use a kept prepared
 * statement. Idempotent. `this` in the callback is the statement (lastID, changes), as with
 * node-sqlite3's own methods.
 */
export function keepStatements(handle: Database): void {
  if (kept.has(handle)) return;
  const statements = new Map<string, Statement>();
  kept.set(handle, statements);

  const own = handle as unknown as Record<Method, (sql: string, ...rest: unknown[]) => Database> & {
    close(callback?: (error: Error | null) => void): void;
  };
  const keep = (sql: string, statement: Statement) => {
    statements.set(sql, statement);
    while (statements.size > KEPT_STATEMENTS) {
      const [oldest, old] = statements.entries().next().value as [string, Statement];
      statements.delete(oldest);
      old.finalize();
    }
  };
  for (const method of ['run', 'all'] as const) {
    const original = own[method];
    own[method] = function keptMethod(this: Database, sql: string, ...rest: unknown[]): Database {
      // Only (sql, parameters, callback) — Sequelize's call — is kept; any other form is node-sqlite3's own.
      const [parameters, callback] = rest as [Parameters, Callback];
      if (rest.length !== 2 || typeof callback !== 'function' || typeof parameters !== 'object' || !keepsStatement(method, sql, parameters)) return original.call(this, sql, ...rest);
      const args: unknown[] = hasParameters(parameters) ? [parameters] : [];
      const runOn = (statement: Statement, fresh: boolean) => {
        (statement[method] as (...values: unknown[]) => Statement).call(statement, ...args, function answered(this: RunResult | Statement, error: Error | null, result?: unknown) {
          if (error) {
            // Failed: prepared again at its next use.
            if (statements.get(sql) === statement) statements.delete(sql);
            statement.finalize();
          } else if (fresh) {
            if (statements.has(sql)) statement.finalize();
            else keep(sql, statement);
          }
          callback.call(this, error, result);
        });
      };
      const known = statements.get(sql);
      if (known) {
        // The most recently used goes last.
        statements.delete(sql);
        statements.set(sql, known);
        runOn(known, false);
        return handle;
      }
      // Kept only once prepared and run: node-sqlite3 drops the calls queued on a statement whose
      // prepare failed without calling them back, so nothing waits on a statement not yet prepared.
      const fresh: Statement = handle.prepare(sql, (error: Error | null) => {
        if (error) callback.call(fresh, error);
        else runOn(fresh, true);
      });
      return handle;
    };
  }
  const close = own.close;
  own.close = function keptClose(this: Database, callback?: (error: Error | null) => void): void {
    forget(statements);
    close.call(this, callback);
  };
}

/** Drops the handle's kept statements: a statement that may change a table's columns is about to run. */
export function forgetStatements(handle: Database): void {
  const statements = kept.get(handle);
  if (statements) forget(statements);
}
