import { expect } from 'chai';
import { Op } from 'sequelize';
import type { AssetDto, DirectionDto } from '../../common/catalogue';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../../db/seeders/catalogue-data';
import { DEMO_CARD, DEMO_WALLETS } from '../../db/seeders/payment-details';
import { createDatabase, type Database } from '../platform/db';
import { noteSkippedMysql, openTestDatabase, silentLogger, testDatabaseSites } from '../platform/db/testing/testDatabases';
import { initModels } from '../models';
import { seedCatalogue, SORT_ORDER_STEP } from './seedCatalogue';

const DEMO = { assets: SEED_ASSETS, directions: SEED_DIRECTIONS };

function asset(code: string, overrides: Partial<AssetDto> = {}): AssetDto {
  return { code, name: code, nameRu: null, type: 'coin', currency: code, network: null, precision: 8, icon: 'x', reserve: '1', enabled: true, city: null, ...overrides };
}

function direction(from: string, to: string, overrides: Partial<DirectionDto> = {}): DirectionDto {
  return {
    from, to, markup: '1', minAmount: '0.1', maxAmount: '10', rateTypes: ['fixed'], fixedPeriodMinutes: 20,
    manual: false, oneWay: false, extraFields: [], enabled: true, ...overrides,
  };
}

async function counts(db: Database): Promise<{ assets: number; directions: number }> {
  const { Asset, Direction } = initModels(db.sequelize);
  return { assets: await Asset.count(), directions: await Direction.count() };
}

for (const site of testDatabaseSites()) {
  describe(`seedCatalogue on ${site.dialect}`, function () {
    this.timeout(60_000);
    const opened: Database[] = [];
    const open = async () => {
      const db = await openTestDatabase(site);
      opened.push(db);
      await db.migrate();
      return db;
    };
    /** A second connection pool on the same database, as another process would have. */
    const sameDatabase = (db: Database) => {
      const other = createDatabase({ databaseUrl: urlOf(db, site.dialect) }, silentLogger);
      opened.push(other);
      return other;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((db) => db.close()));
    });
    after(async () => site.dropAll());

    it('writes the demo catalogue into an empty database', async () => {
      const db = await open();
      expect(await seedCatalogue({ db, data: DEMO })).to.deep.equal({ seeded: true, assets: SEED_ASSETS.length, directions: SEED_DIRECTIONS.length });
      expect(await counts(db)).to.deep.equal({ assets: SEED_ASSETS.length, directions: SEED_DIRECTIONS.length });
    });

    it('gives every seeded asset the demo details customers pay into, once', async () => {
      const db = await open();
      await seedCatalogue({ db, data: DEMO });
      await seedCatalogue({ db, data: DEMO });
      const rows = await initModels(db.sequelize).PaymentDetail.findAll({ order: [['assetCode', 'ASC']] });
      expect(rows.map((row) => row.assetCode)).to.deep.equal(SEED_ASSETS.map((seeded) => seeded.code).sort());
      const btc = rows.find((row) => row.assetCode === 'BTC');
      expect(btc?.get({ plain: true })).to.include({ account: DEMO_WALLETS.BTC, memo: null, note: null, enabled: true });
      const card = rows.find((row) => SEED_ASSETS.find((seeded) => seeded.code === row.assetCode)?.type === 'fiat');
      expect(card?.get({ plain: true })).to.include({ account: DEMO_CARD.account, note: DEMO_CARD.note });
    });

    it('writes nothing the second time', async () => {
      const db = await open();
      await seedCatalogue({ db, data: DEMO });
      expect(await seedCatalogue({ db, data: DEMO })).to.deep.equal({ seeded: false, assets: 0, directions: 0 });
      expect(await counts(db)).to.deep.equal({ assets: SEED_ASSETS.length, directions: SEED_DIRECTIONS.length });
    });

    it('leaves a catalogue that already has assets alone', async () => {
      const db = await open();
      await seedCatalogue({ db, data: { assets: [asset('ONLY')], directions: [] } });
      expect((await seedCatalogue({ db, data: DEMO })).seeded).to.equal(false);
      expect(await counts(db)).to.deep.equal({ assets: 1, directions: 0 });
    });

    it('writes exactly one copy when two calls run at once in one process', async () => {
      const db = await open();
      const results = await Promise.all([seedCatalogue({ db, data: DEMO }), seedCatalogue({ db, data: DEMO })]);
      expect(results.map((result) => result.seeded).sort()).to.deep.equal([false, true]);
      expect(await counts(db)).to.deep.equal({ assets: SEED_ASSETS.length, directions: SEED_DIRECTIONS.length });
    });

    it('writes exactly one copy when two processes seed the same database at once', async () => {
      const db = await open();
      const others = [sameDatabase(db), sameDatabase(db)];
      const results = await Promise.all([db, ...others].map((each) => seedCatalogue({ db: each, data: DEMO })));
      expect(results.filter((result) => result.seeded)).to.have.length(1);
      expect(await counts(db)).to.deep.equal({ assets: SEED_ASSETS.length, directions: SEED_DIRECTIONS.length });
    });

    it('reads back every seeded money value, flag and field exactly', async () => {
      const db = await open();
      await seedCatalogue({ db, data: DEMO });
      const { Asset, Direction } = initModels(db.sequelize);
      const assets = new Map((await Asset.findAll()).map((row) => [row.code, row]));
      for (const seeded of SEED_ASSETS) {
        const row = assets.get(seeded.code)!;
        expect(
          { code: row.code, name: row.name, nameRu: row.nameRu, type: row.type, currency: row.currency, network: row.network, precision: row.precision,
            icon: row.icon, reserve: row.reserve, enabled: row.enabled, city: row.city },
          seeded.code,
        ).to.deep.equal(seeded);
      }
      const directions = new Map((await Direction.findAll()).map((row) => [`${row.fromCode}>${row.toCode}`, row]));
      for (const seeded of SEED_DIRECTIONS) {
        const row = directions.get(`${seeded.from}>${seeded.to}`)!;
        expect(
          { from: row.fromCode, to: row.toCode, markup: row.markup, minAmount: row.minAmount, maxAmount: row.maxAmount,
            rateTypes: row.rateTypes, fixedPeriodMinutes: row.fixedPeriodMinutes, manual: row.manual, oneWay: row.oneWay,
            extraFields: row.extraFields, enabled: row.enabled },
          `${seeded.from}>${seeded.to}`,
        ).to.deep.equal(seeded);
      }
    });

    it('keeps 18-decimal amounts and declared fees exactly', async () => {
      const db = await open();
      const fees = { minFee: '0.000000000000000001', fromFee: { value: '0.5', unit: 'percent' as const }, toFee: { value: '12.345678901234567891', unit: 'amount' as const } };
      await seedCatalogue({
        db,
        data: {
          assets: [asset('AAA', { reserve: '123456789012345678.123456789012345678', precision: 18 }), asset('BBB')],
          directions: [direction('AAA', 'BBB', { markup: '0.000000000000000001', minAmount: '0.000000000000000001', maxAmount: '999999999999999999.999999999999999999', fees })],
        },
      });
      const { Asset, Direction } = initModels(db.sequelize);
      expect((await Asset.findOne({ where: { code: 'AAA' }, rejectOnEmpty: true })).reserve).to.equal('123456789012345678.123456789012345678');
      const row = await Direction.findOne({ where: { fromCode: 'AAA' }, rejectOnEmpty: true });
      expect([row.markup, row.minAmount, row.maxAmount]).to.deep.equal(['0.000000000000000001', '0.000000000000000001', '999999999999999999.999999999999999999']);
      expect(row.fees).to.deep.equal(fees);
    });

    it('numbers assets in the order given, leaving room between them', async () => {
      const db = await open();
      await seedCatalogue({ db, data: DEMO });
      const { Asset } = initModels(db.sequelize);
      const rows = await Asset.findAll({ order: [['sortOrder', 'ASC']] });
      expect(rows.map((row) => row.code)).to.deep.equal(SEED_ASSETS.map((seeded) => seeded.code));
      expect(rows.map((row) => row.sortOrder)).to.deep.equal(SEED_ASSETS.map((_, index) => (index + 1) * SORT_ORDER_STEP));
    });

    it('refuses data with a direction to an unlisted asset before writing anything', async () => {
      const db = await open();
      let error: unknown;
      await seedCatalogue({ db, data: { assets: [asset('AAA')], directions: [direction('AAA', 'ZZZ')] } }).catch((caught) => (error = caught));
      expect(error).to.be.instanceOf(Error).with.property('message').that.includes('AAA>ZZZ');
      expect(await counts(db)).to.deep.equal({ assets: 0, directions: 0 });
    });

    it('refuses data that lists an asset twice', async () => {
      const db = await open();
      let error: unknown;
      await seedCatalogue({ db, data: { assets: [asset('AAA'), asset('AAA')], directions: [] } }).catch((caught) => (error = caught));
      expect(error).to.be.instanceOf(Error).with.property('message').that.includes('AAA twice');
    });

    it('refuses a code outside the monitoring convention and an unknown extra field', async () => {
      const db = await open();
      const refused = async (data: Parameters<typeof seedCatalogue>[0]['data']) => {
        let error: unknown;
        await seedCatalogue({ db, data }).catch((caught) => (error = caught));
        return error;
      };
      expect(await refused({ assets: [asset('btc')], directions: [] })).to.have.property('message').that.includes('monitoring convention');
      const unknownField = direction('AAA', 'BBB', { extraFields: [{ name: 'passport' as never, required: true }] });
      expect(await refused({ assets: [asset('AAA'), asset('BBB')], directions: [unknownField] }))
        .to.have.property('message').that.includes('unknown extra field');
      expect(await counts(db)).to.deep.equal({ assets: 0, directions: 0 });
    });

    it('writes nothing at all when one row is invalid', async () => {
      const db = await open();
      const bad = direction('CCC', 'AAA', { minAmount: '1e5' });
      let error: unknown;
      await seedCatalogue({
        db,
        data: { assets: [asset('AAA'), asset('BBB'), asset('CCC')], directions: [direction('AAA', 'BBB'), direction('BBB', 'CCC'), bad] },
      }).catch((caught) => (error = caught));
      expect(error).to.be.instanceOf(Error);
      expect(await counts(db)).to.deep.equal({ assets: 0, directions: 0 });
      const { Asset } = initModels(db.sequelize);
      expect(await Asset.count({ where: { code: { [Op.in]: ['AAA', 'BBB', 'CCC'] } } })).to.equal(0);
    });
  });
}

describe('seedCatalogue on MySQL', () => {
  noteSkippedMysql();
});

/** The DATABASE_URL an opened test database was created from. */
function urlOf(db: Database, dialect: string): string {
  if (dialect === 'sqlite') return `sqlite:${(db.sequelize as unknown as { options: { storage: string } }).options.storage}`;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${db.sequelize.config.database}`;
  return url.toString();
}
