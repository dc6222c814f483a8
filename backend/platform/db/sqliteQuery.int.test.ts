/**
 * The SQLite query class of db/sqliteQuery.ts on a real SQLite file: values still come back typed
 * from the kept column types, a table altered through this Sequelize is asked again, and a failed
 * statement's error still carries its caller's stack. Also tripwires for the Sequelize internals it
 * overrides (package.json pins Sequelize exactly).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DataTypes, Sequelize, UniqueConstraintError } from 'sequelize';
import { createDatabase, type Database } from './index';
import { silentLogger } from './testing/testDatabases';

describe('the SQLite query class (db/sqliteQuery.ts)', function () {
  this.timeout(15_000);
  let dir: string;
  let db: Database;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'exch-sqlite-query-'));
    db = createDatabase({ databaseUrl: `sqlite:${path.join(dir, 'app.sqlite')}` }, silentLogger);
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function defineThing() {
    return db.sequelize.define('Thing', { code: { type: DataTypes.STRING, unique: true }, seenAt: DataTypes.DATE, done: DataTypes.BOOLEAN }, { tableName: 'things', timestamps: false });
  }

  it('Sequelize 6 still has the members it overrides', () => {
    const plain = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
    const Query = (plain as unknown as { dialect: { Query: { prototype: Record<string, unknown> } } }).dialect.Query;
    for (const name of ['run', '_handleQueryResponse', 'formatError', 'getDatabaseMethod']) expect(Query.prototype[name], name).to.be.a('function');
    expect(String(Query.prototype.run)).to.include('this.options.tableNames').and.to.include('errForStack.stack');
  });

  it('reads dates and booleans typed, the second time too, and a table altered in between with its new column typed', async () => {
    const Thing = defineThing();
    await Thing.sync();
    const seenAt = new Date('2026-11-27T10:00:00.000Z');
    await Thing.create({ code: 'a', seenAt, done: true });
    for (let round = 0; round < 2; round += 1) {
      const found = await Thing.findOne({ where: { code: 'a' } });
      expect(found!.get('seenAt')).to.be.instanceOf(Date).and.to.deep.equal(seenAt);
      expect(found!.get('done')).to.equal(true);
    }
    await db.sequelize.getQueryInterface().addColumn('things', 'checkedAt', { type: DataTypes.DATE });
    await db.sequelize.query("UPDATE things SET checkedAt = '2026-11-28 09:30:00.000 +00:00'");
    const Again = db.sequelize.define('ThingAgain', { code: DataTypes.STRING, checkedAt: DataTypes.DATE }, { tableName: 'things', timestamps: false });
    const row = await Again.findOne({ where: { code: 'a' } });
    expect(row!.get('checkedAt')).to.be.instanceOf(Date).and.to.deep.equal(new Date('2026-11-28T09:30:00.000Z'));
  });

  it("a failed statement's error carries the stack of its caller", async function failingCaller() {
    const Thing = defineThing();
    await Thing.sync();
    await Thing.create({ code: 'b' });
    const error = await Thing.create({ code: 'b' }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(UniqueConstraintError);
    expect((error as Error).stack).to.include('sqliteQuery.int.test.ts');
  });
});
