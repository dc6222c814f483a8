import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DataTypes, Model, Sequelize } from 'sequelize';
import { MemoryKV } from '../kv/memory';
import type { KV } from '../kv/types';
import { KEPT_TABLE_TTL_MS, keptTable, tableVersionKey, watchTable } from './keptTable';

class Probe extends Model {
  declare id: number;
  declare value: string;
}

/** A table of its own on a SQLite file, through a Sequelize of its own: what keptTable sees of any model. */
function probeDatabase(dir: string, file = 'probe.sqlite') {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: join(dir, file), logging: false });
  const Bound = class extends Probe {};
  Bound.init({ id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true }, value: { type: DataTypes.STRING, allowNull: false } }, { sequelize, tableName: 'kept_probe', modelName: 'KeptProbe' });
  return { sequelize, Probe: Bound };
}

describe('a small table kept in process (keptTable.ts)', function () {
  this.timeout(20_000);
  let dir: string;
  let open: Array<Sequelize>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kept-'));
    open = [];
  });

  afterEach(async () => {
    await Promise.all(open.map((sequelize) => sequelize.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  async function setUp(kv: KV = new MemoryKV(), options: { now?: () => number; onError?: (error: unknown) => void } = {}) {
    const db = probeDatabase(dir);
    open.push(db.sequelize);
    await db.Probe.sync();
    watchTable(db.Probe, kv, options);
    let loads = 0;
    const kept = keptTable(db.Probe, 'values', async () => {
      loads += 1;
      return (await db.Probe.findAll({ order: [['id', 'ASC']] })).map((row) => row.value);
    })!;
    return { ...db, kv, kept, loads: () => loads };
  }

  it('has no kept form for a model nobody watches: its reader reads the rows', async () => {
    const db = probeDatabase(dir);
    open.push(db.sequelize);
    expect(keptTable(db.Probe, 'values', async () => [])).to.equal(null);
  });

  it('reads the rows once, then none while the table is unchanged; every kind of write is read at the next use', async () => {
    const { Probe: Table, kept, loads, kv } = await setUp();
    expect(await kept.get()).to.deep.equal([]);
    expect(await kept.get()).to.deep.equal([]);
    expect(loads()).to.equal(1);

    const row = await Table.create({ value: 'a' });
    expect(await kept.get()).to.deep.equal(['a']);
    expect(loads()).to.equal(2);
    expect(await kv.get(tableVersionKey('kept_probe'))).to.equal('1');

    await row.update({ value: 'b' });
    expect(await kept.get()).to.deep.equal(['b']);
    await Table.bulkCreate([{ value: 'c' }, { value: 'd' }]);
    expect(await kept.get()).to.deep.equal(['b', 'c', 'd']);
    await Table.update({ value: 'e' }, { where: { value: 'c' } });
    expect(await kept.get()).to.deep.equal(['b', 'e', 'd']);
    await Table.destroy({ where: { value: 'd' } });
    expect(await kept.get()).to.deep.equal(['b', 'e']);
    await row.destroy();
    expect(await kept.get()).to.deep.equal(['e']);
    expect(loads()).to.equal(7);
    expect(await kept.get()).to.deep.equal(['e']);
    expect(loads()).to.equal(7);
  });

  it('keeps the form through a write not yet committed and a rolled-back one; reads a committed one', async () => {
    const { sequelize, Probe: Table, kept, loads } = await setUp();
    await Table.create({ value: 'a' });
    expect(await kept.get()).to.deep.equal(['a']);
    const before = loads();

    await sequelize
      .transaction(async (transaction) => {
        await Table.create({ value: 'never' }, { transaction });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await kept.get()).to.deep.equal(['a']);
    expect(loads()).to.equal(before);

    const transaction = await sequelize.transaction();
    await Table.create({ value: 'b' }, { transaction });
    expect(await kept.get()).to.deep.equal(['a']);
    expect(loads()).to.equal(before);
    await transaction.commit();
    expect(await kept.get()).to.deep.equal(['a', 'b']);
    expect(loads()).to.equal(before + 1);
  });

  it('sees a write made through another process sharing the KV (another Sequelize, another model)', async () => {
    const kv = new MemoryKV();
    const { kept } = await setUp(kv);
    const other = probeDatabase(dir);
    open.push(other.sequelize);
    watchTable(other.Probe, kv);
    expect(await kept.get()).to.deep.equal([]);
    await other.Probe.create({ value: 'from the other process' });
    expect(await kept.get()).to.deep.equal(['from the other process']);
  });

  it('reads the rows again once the kept form is older than KEPT_TABLE_TTL_MS (a write made by hand)', async () => {
    let clock = 1_000_000;
    const { sequelize, kept, loads } = await setUp(new MemoryKV(), { now: () => clock });
    expect(await kept.get()).to.deep.equal([]);
    await sequelize.query("INSERT INTO kept_probe (value, createdAt, updatedAt) VALUES ('by hand', '2026-01-01', '2026-01-01')");
    clock += KEPT_TABLE_TTL_MS - 1;
    expect(await kept.get()).to.deep.equal([]);
    clock += 2;
    expect(await kept.get()).to.deep.equal(['by hand']);
    expect(loads()).to.equal(2);
  });

  it('reads the rows at every use while the KV cannot answer, and says so; a write still commits', async () => {
    const memory = new MemoryKV();
    let down = false;
    const kv = new Proxy(memory, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => (down ? Promise.reject(new Error('KV down')) : value.apply(target, args));
      },
    }) as KV;
    const errors: unknown[] = [];
    const { Probe: Table, kept, loads } = await setUp(kv, { onError: (error) => errors.push(error) });
    expect(await kept.get()).to.deep.equal([]);
    down = true;
    await Table.create({ value: 'a' });
    expect(await kept.get()).to.deep.equal(['a']);
    expect(await kept.get()).to.deep.equal(['a']);
    expect(loads()).to.equal(3);
    expect(errors.length).to.equal(3);
    down = false;
    // Back: read once more (the version it missed), then kept again.
    expect(await kept.get()).to.deep.equal(['a']);
    expect(await kept.get()).to.deep.equal(['a']);
    expect(loads()).to.equal(4);
  });
});
