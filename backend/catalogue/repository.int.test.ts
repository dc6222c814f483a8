import { expect } from 'chai';
import { ASSET_TYPES } from '../../common/enums';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../../db/seeders/catalogue-data';
import { seedCatalogue } from './seedCatalogue';
import type { Database } from '../platform/db';
import { noteSkippedMysql, openTestDatabase, testDatabaseSites } from '../platform/db/testing/testDatabases';
import { initModels } from '../models';
import { loadCatalogue } from './repository';

const ASSET_KEYS = ['city', 'code', 'currency', 'enabled', 'icon', 'name', 'nameRu', 'network', 'precision', 'reserve', 'type'];
const DIRECTION_KEYS = ['enabled', 'extraFields', 'fixedPeriodMinutes', 'from', 'manual', 'markup', 'maxAmount', 'minAmount', 'oneWay', 'rateTypes', 'to'];

for (const site of testDatabaseSites()) {
  describe(`loadCatalogue on ${site.dialect}`, function () {
    this.timeout(30_000);
    let db: Database;

    beforeEach(async () => {
      db = await openTestDatabase(site);
      await db.migrate();
    });
    afterEach(async () => db.close());
    after(async () => site.dropAll());

    const seedDemo = () => seedCatalogue({ db, data: { assets: SEED_ASSETS, directions: SEED_DIRECTIONS } });

    it('answers empty lists for an empty catalogue', async () => {
      expect(await loadCatalogue(db)).to.deep.equal({ assets: [], directions: [] });
    });

    it('answers the seeded catalogue as it was given', async () => {
      await seedDemo();
      const { assets, directions } = await loadCatalogue(db);
      const byCode = new Map(assets.map((asset) => [asset.code, asset]));
      expect(assets).to.have.length(SEED_ASSETS.length);
      for (const seeded of SEED_ASSETS) expect(byCode.get(seeded.code)).to.deep.equal(seeded);
      const byPair = new Map(directions.map((direction) => [`${direction.from}>${direction.to}`, direction]));
      expect(directions).to.have.length(SEED_DIRECTIONS.length);
      for (const seeded of SEED_DIRECTIONS) expect(byPair.get(`${seeded.from}>${seeded.to}`)).to.deep.equal(seeded);
    });

    it('presents exactly the whitelisted fields, never ids, sort orders or timestamps', async () => {
      await seedDemo();
      const { assets, directions } = await loadCatalogue(db, { includeDisabled: true });
      for (const asset of assets) expect(Object.keys(asset).sort()).to.deep.equal(ASSET_KEYS);
      for (const direction of directions) expect(Object.keys(direction).sort()).to.deep.equal(DIRECTION_KEYS);
    });

    it('lists coins, then fiat, then cash, each by sort order', async () => {
      await seedDemo();
      const { Asset } = initModels(db.sequelize);
      // Move the last coin to the front of the coins and the first fiat asset to the end of all rows.
      await Asset.update({ sortOrder: -1 }, { where: { code: 'DOT' } });
      await Asset.update({ sortOrder: 100_000 }, { where: { code: 'SBERRUB' } });
      const { assets } = await loadCatalogue(db);
      const codes = assets.map((asset) => asset.code);
      const types = assets.map((asset) => ASSET_TYPES.indexOf(asset.type));
      expect(types).to.deep.equal([...types].sort((a, b) => a - b));
      expect(codes[0]).to.equal('DOT');
      const fiat = assets.filter((asset) => asset.type === 'fiat').map((asset) => asset.code);
      expect(fiat.at(-1)).to.equal('SBERRUB');
      expect(codes.indexOf('SBERRUB')).to.be.below(codes.indexOf('CASHRUBMSK'));
    });

    it('orders directions by their from asset, then their to asset, as the assets are listed', async () => {
      await seedDemo();
      const { assets, directions } = await loadCatalogue(db);
      const position = new Map(assets.map((asset, index) => [asset.code, index]));
      const keys = directions.map((direction) => [position.get(direction.from)!, position.get(direction.to)!]);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(keys).to.deep.equal(sorted);
    });

    it('links every direction to two listed assets and marks it one-way exactly when its reverse is not listed', async () => {
      await seedDemo();
      const { assets, directions } = await loadCatalogue(db);
      const codes = new Set(assets.map((asset) => asset.code));
      const pairs = new Set(directions.map((direction) => `${direction.from}>${direction.to}`));
      for (const direction of directions) {
        expect(codes.has(direction.from) && codes.has(direction.to), `${direction.from}>${direction.to}`).to.equal(true);
        expect(direction.oneWay, `${direction.from}>${direction.to}`).to.equal(!pairs.has(`${direction.to}>${direction.from}`));
      }
    });

    it('leaves out a disabled asset together with every direction to or from it', async () => {
      await seedDemo();
      const { Asset } = initModels(db.sequelize);
      await Asset.update({ enabled: false }, { where: { code: 'ETH' } });
      const { assets, directions } = await loadCatalogue(db);
      expect(assets.map((asset) => asset.code)).not.to.include('ETH');
      expect(directions.filter((direction) => direction.from === 'ETH' || direction.to === 'ETH')).to.deep.equal([]);
      expect(assets.every((asset) => asset.enabled)).to.equal(true);
    });

    it('leaves out a disabled direction and marks its reverse one-way', async () => {
      await seedDemo();
      const { Direction } = initModels(db.sequelize);
      const before = (await loadCatalogue(db)).directions.find((direction) => direction.from === 'USDTTRC20' && direction.to === 'BTC')!;
      expect(before.oneWay).to.equal(false);
      await Direction.update({ enabled: false }, { where: { fromCode: 'BTC', toCode: 'USDTTRC20' } });
      const { directions } = await loadCatalogue(db);
      expect(directions.find((direction) => direction.from === 'BTC' && direction.to === 'USDTTRC20')).to.equal(undefined);
      expect(directions.find((direction) => direction.from === 'USDTTRC20' && direction.to === 'BTC')!.oneWay).to.equal(true);
      expect(directions.every((direction) => direction.enabled)).to.equal(true);
    });

    it('returns disabled assets and directions as stored with includeDisabled', async () => {
      await seedDemo();
      const { Asset, Direction } = initModels(db.sequelize);
      await Asset.update({ enabled: false }, { where: { code: 'ETH' } });
      await Direction.update({ enabled: false }, { where: { fromCode: 'BTC', toCode: 'USDTTRC20' } });
      const { assets, directions } = await loadCatalogue(db, { includeDisabled: true });
      expect(assets).to.have.length(SEED_ASSETS.length);
      expect(directions).to.have.length(SEED_DIRECTIONS.length);
      expect(assets.find((asset) => asset.code === 'ETH')!.enabled).to.equal(false);
      const disabled = directions.find((direction) => direction.from === 'BTC' && direction.to === 'USDTTRC20')!;
      expect(disabled.enabled).to.equal(false);
      expect(directions.find((direction) => direction.from === 'USDTTRC20' && direction.to === 'BTC')!.oneWay).to.equal(false);
    });
  });
}

describe('loadCatalogue on MySQL', () => {
  noteSkippedMysql();
});
