import { expect } from 'chai';
import { DataTypes, Model, QueryTypes, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { Big } from '../../../common/money';
import type { Database } from './index';
import { InvalidMoneyValueError, money, moneyColumn, moneySql } from './money';
import { noteSkippedMysql, openTestDatabase, testDatabaseSites } from './testing/testDatabases';

const EXACT_VALUES = [
  '0.000000000000000001',
  '123456789012345678.123456789012345678',
  '-123456789012345678.123456789012345678',
  '-1.5',
  '0',
  '100',
  '999999999999999999.999999999999999999',
];

class Entry extends Model<InferAttributes<Entry>, InferCreationAttributes<Entry>> {
  declare id: CreationOptional<number>;
  declare amount: string;
}

/** A table made the way migrations make them, and the Entry model over it. */
async function createEntries(sequelize: Sequelize): Promise<void> {
  const queryInterface = sequelize.getQueryInterface();
  await queryInterface.createTable('money_entries', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    amount: moneyColumn(queryInterface),
  });
  Entry.init({ id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true }, amount: money(sequelize, 'amount') }, {
    sequelize,
    tableName: 'money_entries',
    timestamps: false,
  });
}

for (const site of testDatabaseSites()) {
  describe(`money columns on ${site.dialect}`, () => {
    let db: Database;

    before(async () => {
      db = await openTestDatabase(site);
      await createEntries(db.sequelize);
    });
    after(async () => {
      await db.close();
      await site.dropAll();
    });

    for (const value of EXACT_VALUES) {
      it(`reads back ${value} exactly`, async () => {
        const { id } = await Entry.create({ amount: value });
        const stored = await Entry.findByPk(id, { rejectOnEmpty: true });
        expect(stored.amount).to.equal(value);
      });
    }

    it('reads back the canonical form of what was written', async () => {
      const { id } = await Entry.create({ amount: '12.500' });
      expect((await Entry.findByPk(id, { rejectOnEmpty: true })).amount).to.equal('12.5');
    });

    it('accepts a Big value', async () => {
      // The model's type says string; the setter also takes big.js results as they are.
      const sum = new Big('0.1').plus('0.2') as unknown as string;
      const { id } = await Entry.create({ amount: sum });
      expect((await Entry.findByPk(id, { rejectOnEmpty: true })).amount).to.equal('0.3');
    });

    const rejected: [string, unknown][] = [
      ['19 integer digits', '1234567890123456789'],
      ['19 fraction digits', '0.0000000000000000001'],
      ['a JavaScript number', 1.5],
      ['exponent notation', '1e5'],
      ['a leading plus', '+1'],
      ['an empty string', ''],
      ['words', 'ten'],
    ];
    for (const [what, value] of rejected) {
      it(`refuses ${what} instead of rounding`, async () => {
        const before = await Entry.count();
        expect(() => Entry.build({ amount: value as string })).to.throw(InvalidMoneyValueError, 'amount must be a decimal string');
        expect(await Entry.count()).to.equal(before);
      });
    }

    it('refuses an out-of-range value in a bulk update too', async () => {
      const { id } = await Entry.create({ amount: '1' });
      let error: unknown;
      await Entry.update({ amount: '0.0000000000000000001' }, { where: { id } }).catch((caught: unknown) => (error = caught));
      expect(error).to.be.instanceOf(InvalidMoneyValueError);
      expect((await Entry.findByPk(id, { rejectOnEmpty: true })).amount).to.equal('1');
    });

    if (site.dialect === 'sqlite') {
      it('needs its own storage: a SQLite DECIMAL column turns 18-decimal amounts into doubles', async () => {
        await db.sequelize.query('CREATE TABLE decimal_affinity (amount DECIMAL(36,18))');
        await db.sequelize.query("INSERT INTO decimal_affinity VALUES ('123456789012345678.123456789012345678')");
        const [row] = await db.sequelize.query<{ amount: unknown; type: string }>(
          'SELECT amount, typeof(amount) AS type FROM decimal_affinity',
          { type: QueryTypes.SELECT },
        );
        // NUMERIC affinity kept the nearest double, an integer: the 18 decimals and two digits are gone.
        expect(row.type).to.equal('integer');
        expect(String(row.amount)).to.equal('123456789012345680');
      });

      it('refuses SQL money arithmetic, which SQLite cannot do exactly', () => {
        expect(() => moneySql(db.sequelize, '1')).to.throw('Exact money arithmetic in SQL needs MySQL');
      });
    }

    if (site.dialect === 'mysql') {
      it('keeps 18 decimals through an atomic SQL update with moneySql', async () => {
        const { id } = await Entry.create({ amount: '100' });
        const decrement = moneySql(db.sequelize, '0.000000000000000001');
        await Entry.update({ amount: db.sequelize.literal(`amount - ${decrement}`) }, { where: { id } });
        expect((await Entry.findByPk(id, { rejectOnEmpty: true })).amount).to.equal('99.999999999999999999');
      });

      it('needs moneySql: a quoted string in SQL arithmetic becomes a double and loses digits', async () => {
        const { id } = await Entry.create({ amount: '100' });
        await Entry.update({ amount: db.sequelize.literal("amount - '0.000000000000000001'") }, { where: { id } });
        expect((await Entry.findByPk(id, { rejectOnEmpty: true })).amount).to.equal('100');
      });
    }
  });
}

describe('money columns on MySQL', () => {
  noteSkippedMysql();
});
