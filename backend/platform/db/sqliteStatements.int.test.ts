/**
 * Kept prepared statements (db/sqliteStatements.ts) on real SQLite files: a statement with bind
 * parameters and the transaction's BEGIN/COMMIT are prepared once per handle and give the same
 * answers (lastID, changes, rows) as node-sqlite3's own methods; a failing statement — a
 * constraint at run time, a table that does not exist at prepare time — is called back (node-sqlite3
 * drops the calls queued on a statement whose prepare failed) and prepared again at its next use; a
 * handle with kept statements closes; and through Sequelize a write transaction keeps its
 * statements, sees its rows, and a table altered in between is written with its new column.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sqlite3 from 'sqlite3';
import { DataTypes, UniqueConstraintError } from 'sequelize';
import { createDatabase, type Database } from './index';
import { KEPT_STATEMENTS, keepStatements, keepsStatement } from './sqliteStatements';
import { writeTransaction } from './transaction';
import { silentLogger } from './testing/testDatabases';

type ThingRow = { code: string; note: string | null };
type Answer = { error: Error | null; lastID?: number; changes?: number; rows?: unknown };

/** `handle[method](sql, parameters, callback)` as Sequelize calls it, answered as a promise. */
function call(handle: sqlite3.Database, method: 'run' | 'all', sql: string, parameters: unknown[] | Record<string, unknown>): Promise<Answer> {
  return new Promise((resolve) => {
    (handle[method] as unknown as (sql: string, parameters: unknown, callback: (this: sqlite3.RunResult, error: Error | null, rows?: unknown) => void) => void)(
      sql,
      parameters,
      function answered(error, rows) {
        resolve({ error, lastID: this?.lastID, changes: this?.changes, rows });
      },
    );
  });
}

type Preparing = { prepare: (this: sqlite3.Database, ...args: unknown[]) => sqlite3.Statement };

/** node-sqlite3's prepare on `target` (a handle, or every handle's prototype), counted by text until `restore`. */
function countPrepares(target: sqlite3.Database | typeof sqlite3.Database.prototype): { prepared: string[]; restore(): void } {
  const preparing = target as unknown as Preparing;
  const prepared: string[] = [];
  const prepare = preparing.prepare;
  preparing.prepare = function counted(this: sqlite3.Database, ...args: unknown[]) {
    prepared.push(String(args[0]));
    return prepare.apply(this, args);
  };
  return { prepared, restore: () => void (preparing.prepare = prepare) };
}

describe('kept prepared statements (db/sqliteStatements.ts)', function () {
  this.timeout(15_000);
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'exch-sqlite-statements-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('on a node-sqlite3 handle', () => {
    let handle: sqlite3.Database;
    let prepared: string[];

    beforeEach(async () => {
      handle = new sqlite3.Database(path.join(dir, 'raw.sqlite'));
      await new Promise<void>((resolve, reject) => handle.exec('PRAGMA journal_mode = WAL; CREATE TABLE things (id INTEGER PRIMARY KEY, code TEXT UNIQUE NOT NULL, note TEXT)', (error) => (error ? reject(error) : resolve())));
      prepared = countPrepares(handle).prepared;
      keepStatements(handle);
    });
    afterEach(async () => {
      await new Promise<void>((resolve) => handle.close(() => resolve()));
    });

    it('keeps what repeats and runs to its end: writes and reads with parameters, transaction control', () => {
      expect(keepsStatement('run', 'INSERT INTO things (code) VALUES ($1)', { $1: 'a' })).to.equal(true);
      expect(keepsStatement('run', 'UPDATE things SET code = $1 WHERE id = $2', ['a', 1])).to.equal(true);
      expect(keepsStatement('all', 'SELECT * FROM things WHERE code = $1', { $1: 'a' })).to.equal(true);
      expect(keepsStatement('run', 'BEGIN IMMEDIATE TRANSACTION;', [])).to.equal(true);
      expect(keepsStatement('run', 'COMMIT;', [])).to.equal(true);
      expect(keepsStatement('run', 'ROLLBACK;', [])).to.equal(true);
      // Inlined values (Sequelize's SELECTs) change the text; a savepoint carries its name.
      expect(keepsStatement('all', "SELECT * FROM things WHERE code = 'a'", [])).to.equal(false);
      expect(keepsStatement('run', 'SAVEPOINT `abc-123`;', [])).to.equal(false);
      // `run` steps once: a statement that may stop on a row would keep its read snapshot.
      expect(keepsStatement('run', 'SELECT * FROM things WHERE code = $1', { $1: 'a' })).to.equal(false);
      expect(keepsStatement('run', 'INSERT INTO things (code) VALUES ($1) RETURNING id', { $1: 'a' })).to.equal(false);
    });

    it('a run that stops on a row is not kept: the next read sees what another handle wrote since', async () => {
      const other = new sqlite3.Database(path.join(dir, 'raw.sqlite'));
      try {
        await call(handle, 'run', 'INSERT INTO things (code) VALUES ($1)', { $1: 'a' });
        await call(handle, 'run', 'SELECT code FROM things WHERE id = $1', { $1: 1 });
        await new Promise<void>((resolve, reject) => other.run("INSERT INTO things (code) VALUES ('from the other handle')", (error) => (error ? reject(error) : resolve())));
        const seen = await call(handle, 'all', 'SELECT count(*) AS n FROM things WHERE id > $1', { $1: 0 });
        expect(seen.rows).to.deep.equal([{ n: 2 }]);
      } finally {
        await new Promise<void>((resolve) => other.close(() => resolve()));
      }
    });

    it('prepares a repeated INSERT once and answers each run with its own lastID and changes', async () => {
      const sql = 'INSERT INTO things (code, note) VALUES ($1, $2)';
      const answers = [];
      for (const code of ['a', 'b', 'c']) answers.push(await call(handle, 'run', sql, { $1: code, $2: `note ${code}` }));
      expect(answers.map((answer) => [answer.error, answer.lastID, answer.changes])).to.deep.equal([
        [null, 1, 1],
        [null, 2, 1],
        [null, 3, 1],
      ]);
      expect(prepared.filter((text) => text === sql)).to.have.length(1);
      const rows = await call(handle, 'all', 'SELECT code, note FROM things WHERE id >= $1 ORDER BY id', { $1: 2 });
      expect(rows.rows).to.deep.equal([
        { code: 'b', note: 'note b' },
        { code: 'c', note: 'note c' },
      ]);
      const again = await call(handle, 'all', 'SELECT code, note FROM things WHERE id >= $1 ORDER BY id', { $1: 3 });
      expect(again.rows).to.deep.equal([{ code: 'c', note: 'note c' }]);
      expect(prepared.filter((text) => text.startsWith('SELECT'))).to.have.length(1);
    });

    it('runs concurrent uses of one text in order, each with its own answer', async () => {
      const sql = 'INSERT INTO things (code) VALUES ($1)';
      await call(handle, 'run', sql, { $1: 'first' });
      const answers = await Promise.all(['x', 'y', 'z'].map((code) => call(handle, 'run', sql, { $1: code })));
      expect(answers.map((answer) => answer.error)).to.deep.equal([null, null, null]);
      expect(answers.map((answer) => answer.lastID).sort()).to.deep.equal([2, 3, 4]);
      const rows = (await call(handle, 'all', 'SELECT code FROM things WHERE id > $1 ORDER BY code', { $1: 0 })).rows as Array<{ code: string }>;
      expect(rows.map((row) => row.code)).to.deep.equal(['first', 'x', 'y', 'z']);
    });

    it('a run that fails is called back with its error; the text is prepared again and works next time', async () => {
      const sql = 'INSERT INTO things (code) VALUES ($1)';
      expect((await call(handle, 'run', sql, { $1: 'a' })).error).to.equal(null);
      const failed = await call(handle, 'run', sql, { $1: 'a' });
      expect(failed.error?.message).to.match(/UNIQUE constraint failed/);
      const next = await call(handle, 'run', sql, { $1: 'b' });
      expect(next.error).to.equal(null);
      expect(next.lastID).to.equal(2);
      expect(prepared.filter((text) => text === sql)).to.have.length(2);
    });

    it('a statement that cannot be prepared is called back with the error (no call left waiting), twice', async () => {
      for (let round = 0; round < 2; round += 1) {
        const answer = await call(handle, 'run', 'INSERT INTO nowhere (code) VALUES ($1)', { $1: 'a' });
        expect(answer.error?.message).to.match(/no such table: nowhere/);
      }
    });

    it('keeps at most KEPT_STATEMENTS per handle and still closes the handle', async () => {
      for (let index = 0; index < KEPT_STATEMENTS + 5; index += 1) {
        const answer = await call(handle, 'all', `SELECT ${index} AS n, code FROM things WHERE id = $1`, { $1: 1 });
        expect(answer.error).to.equal(null);
      }
      // The oldest went; using it again prepares it again.
      await call(handle, 'all', 'SELECT 0 AS n, code FROM things WHERE id = $1', { $1: 1 });
      expect(prepared.filter((text) => text.startsWith('SELECT 0 AS n'))).to.have.length(2);
      // afterEach closes it: SQLite refuses to close a handle with live statements.
      const closed = new sqlite3.Database(path.join(dir, 'raw.sqlite'));
      keepStatements(closed);
      await call(closed, 'all', 'SELECT code FROM things WHERE id = $1', { $1: 1 });
      const error = await new Promise<Error | null>((resolve) => closed.close((failure) => resolve(failure)));
      expect(error).to.equal(null);
    });

    it("node-sqlite3's other forms pass through untouched (a callback without parameters)", async () => {
      const rows = await new Promise<unknown[]>((resolve, reject) => handle.all('PRAGMA table_info(`things`)', (error, found) => (error ? reject(error) : resolve(found))));
      expect(rows).to.have.length(3);
    });
  });

  describe('through Sequelize (db/sqliteQuery.ts)', () => {
    let db: Database;

    beforeEach(() => {
      db = createDatabase({ databaseUrl: `sqlite:${path.join(dir, 'app.sqlite')}` }, silentLogger);
    });
    afterEach(async () => {
      await db.close();
    });

    it('write transactions keep their statements, see their rows, and roll back a failed one', async () => {
      const Thing = db.sequelize.define('Thing', { code: { type: DataTypes.STRING, unique: true }, note: DataTypes.STRING }, { tableName: 'things', timestamps: false });
      await Thing.sync();
      const statements: string[] = [];
      (db.sequelize as unknown as { options: { logging: unknown } }).options.logging = (sql: string) => statements.push(sql);
      // node-sqlite3's prepare, counted: one transaction after another reuse one handle and its statements.
      const { prepared, restore } = countPrepares(sqlite3.Database.prototype);
      try {
        for (const code of ['a', 'b', 'c']) {
          await writeTransaction(db.sequelize, async (transaction) => {
            const thing = await Thing.create({ code, note: null }, { transaction });
            await Thing.update({ note: `${code}:${thing.get('id')}` }, { where: { id: thing.get('id') }, transaction });
          });
        }
      } finally {
        restore();
      }
      for (const kind of ['BEGIN IMMEDIATE', 'INSERT INTO `things`', 'UPDATE `things`', 'COMMIT']) {
        expect(prepared.filter((sql) => sql.startsWith(kind)), kind).to.have.length(1);
      }
      const failed = await writeTransaction(db.sequelize, async (transaction) => {
        await Thing.create({ code: 'd' }, { transaction });
        await Thing.create({ code: 'a' }, { transaction });
      }).catch((error: unknown) => error);
      expect(failed).to.be.instanceOf(UniqueConstraintError);
      const rows = (await Thing.findAll({ order: [['id', 'ASC']], raw: true })) as unknown as ThingRow[];
      expect(rows.map((row) => [row.code, row.note])).to.deep.equal([
        ['a', 'a:1'],
        ['b', 'b:2'],
        ['c', 'c:3'],
      ]);
      expect(statements.filter((sql) => sql.includes('ROLLBACK'))).to.have.length(1);
    });

    it('a table altered in between is written with its new column', async () => {
      const Thing = db.sequelize.define('Thing', { code: DataTypes.STRING }, { tableName: 'things', timestamps: false });
      await Thing.sync();
      await Thing.create({ code: 'a' });
      await db.sequelize.getQueryInterface().addColumn('things', 'note', { type: DataTypes.STRING });
      const Again = db.sequelize.define('ThingAgain', { code: DataTypes.STRING, note: DataTypes.STRING }, { tableName: 'things', timestamps: false });
      await Again.create({ code: 'b', note: 'new column' });
      await Thing.create({ code: 'c' });
      const rows = (await Again.findAll({ order: [['id', 'ASC']], raw: true })) as unknown as ThingRow[];
      expect(rows.map((row) => [row.code, row.note])).to.deep.equal([
        ['a', null],
        ['b', 'new column'],
        ['c', null],
      ]);
    });
  });
});
