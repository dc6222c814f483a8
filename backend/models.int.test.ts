import { expect } from 'chai';
import type { Database } from './platform/db';
import { InvalidMoneyValueError } from './platform/db';
import { noteSkippedMysql, openTestDatabase, testDatabaseSites } from './platform/db/testing/testDatabases';
import { initModels, type Models } from './models';

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

for (const site of testDatabaseSites()) {
  describe(`catalogue models on ${site.dialect}`, function () {
    this.timeout(30_000);
    let db: Database;
    let models: Models;

    before(async () => {
      db = await openTestDatabase(site);
      await db.migrate();
      models = initModels(db.sequelize);
      await models.Asset.bulkCreate(['AAA', 'BBB'].map((code) => ({ code, name: code, type: 'coin' as const, currency: code, network: null, precision: 8, icon: 'x', city: null })));
    });
    after(async () => {
      await db.close();
      await site.dropAll();
    });

    const direction = (overrides: Record<string, unknown> = {}) => ({
      fromCode: 'AAA', toCode: 'BBB', markup: '1', minAmount: '1', maxAmount: '2', rateTypes: ['fixed' as const], fixedPeriodMinutes: 20, ...overrides,
    });

    it('gives the same model classes for the same database every time', () => {
      expect(initModels(db.sequelize)).to.equal(models);
    });

    it('keeps separate databases apart: each has its own model classes', async () => {
      const other = await openTestDatabase(site);
      try {
        await other.migrate();
        const otherModels = initModels(other.sequelize);
        expect(otherModels.Asset).not.to.equal(models.Asset);
        expect(await otherModels.Asset.count()).to.equal(0);
        expect(await models.Asset.count()).to.equal(2);
      } finally {
        await other.close();
      }
    });

    it('stores rate types in a fixed order without repeats and reads them back as a list', async () => {
      const row = await models.Direction.create(direction({ rateTypes: ['float', 'fixed', 'float'] }));
      expect((await models.Direction.findByPk(row.id, { rejectOnEmpty: true })).rateTypes).to.deep.equal(['fixed', 'float']);
      await row.destroy();
    });

    it('refuses an unknown or empty list of rate types', () => {
      expect(() => models.Direction.build(direction({ rateTypes: ['market'] }))).to.throw(TypeError, 'rateTypes');
      expect(() => models.Direction.build(direction({ rateTypes: [] }))).to.throw(TypeError, 'rateTypes');
    });

    it('refuses a direction from an asset to itself', async () => {
      expect(await refusal(models.Direction.create(direction({ toCode: 'AAA' })))).to.have.property('name', 'SequelizeValidationError');
    });

    it('refuses an extra field it does not know', async () => {
      const error = await refusal(models.Direction.create(direction({ extraFields: [{ name: 'passport', required: true }] })));
      expect(error).to.have.property('name', 'SequelizeValidationError');
    });

    it('refuses a money value that would be rounded', () => {
      expect(() => models.Direction.build(direction({ markup: 0.1 }))).to.throw(InvalidMoneyValueError);
      expect(() => models.Asset.build({ code: 'CCC', name: 'C', type: 'coin', currency: 'C', network: null, precision: 8, icon: 'x', city: null, reserve: '1e3' }))
        .to.throw(InvalidMoneyValueError);
    });

    it('refuses an asset type or code outside the catalogue rules', async () => {
      const base = { name: 'C', currency: 'C', network: null, precision: 8, icon: 'x', city: null };
      expect(await refusal(models.Asset.create({ ...base, code: 'CCC', type: 'stock' as never }))).to.have.property('name', 'SequelizeValidationError');
      expect(await refusal(models.Asset.create({ ...base, code: 'c-c', type: 'coin' }))).to.have.property('name', 'SequelizeValidationError');
    });

    it('lets a bulk update change one attribute of a direction', async () => {
      const row = await models.Direction.create(direction({ fromCode: 'BBB', toCode: 'AAA' }));
      await models.Direction.update({ enabled: false }, { where: { id: row.id } });
      expect((await models.Direction.findByPk(row.id, { rejectOnEmpty: true })).enabled).to.equal(false);
      await row.destroy();
    });
  });
}

describe('catalogue models on MySQL', () => {
  noteSkippedMysql();
});
