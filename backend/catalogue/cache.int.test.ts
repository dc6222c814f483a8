import { expect } from 'chai';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../../db/seeders/catalogue-data';
import { seedCatalogue } from './seedCatalogue';
import type { Database } from '../platform/db';
import { noteSkippedMysql, openTestDatabase, testDatabaseSites } from '../platform/db/testing/testDatabases';
import { initModels } from '../models';
import { createCatalogueCache, etagOf, type CatalogueSnapshot } from './cache';
import { invalidateCatalogue } from './invalidation';
import { catalogueParts } from './parts';
import { CATALOGUE_FULL_READ_MS } from './held';
import { loadCatalogue } from './repository';

for (const site of testDatabaseSites()) {
  describe(`catalogue cache on ${site.dialect}`, function () {
    this.timeout(30_000);
    let db: Database;
    let clock: number;
    const now = () => clock;

    before(async () => {
      db = await openTestDatabase(site);
      await db.migrate();
      await seedCatalogue({ db, data: { assets: SEED_ASSETS, directions: SEED_DIRECTIONS } });
    });
    beforeEach(() => {
      clock = 1_000_000;
    });
    after(async () => {
      await db.close();
      await site.dropAll();
    });

    const renameBtc = (name: string) => initModels(db.sequelize).Asset.update({ name }, { where: { code: 'BTC' } });
    const btcOf = (body: Buffer) =>
      (JSON.parse(body.toString('utf8')) as { data: { assets: { code: string; reserve: string }[] } }).data.assets.find((asset) => asset.code === 'BTC')!;
    const btc = (snapshot: CatalogueSnapshot) => snapshot.catalogue.assets.find((asset) => asset.code === 'BTC')!;
    const where = { fromCode: SEED_DIRECTIONS[0]!.from, toCode: SEED_DIRECTIONS[0]!.to };
    const markupOf = (snapshot: CatalogueSnapshot) => snapshot.catalogue.directions.find((d) => d.from === where.fromCode && d.to === where.toCode)!.markup;
    /** Runs `work` with BTC's reserve and the first direction's markup put back after it. */
    async function restoring(first: CatalogueSnapshot, work: () => Promise<void>): Promise<void> {
      const { Asset, Direction } = initModels(db.sequelize);
      const { reserve, markup } = { reserve: btc(first).reserve, markup: markupOf(first) };
      try {
        await work();
      } finally {
        await Asset.update({ reserve }, { where: { code: 'BTC' } });
        await Direction.update({ markup }, { where });
        invalidateCatalogue(db.sequelize);
      }
    }
    const btcName = (body: Buffer) =>
      (JSON.parse(body.toString('utf8')) as { data: { assets: { code: string; name: string }[] } }).data.assets.find((asset) => asset.code === 'BTC')!.name;

    it('holds the envelope of the loaded catalogue, with the ETag of exactly those bytes', async () => {
      const snapshot = await createCatalogueCache({ db, now }).get();
      expect(JSON.parse(snapshot.body.toString('utf8'))).to.deep.equal({ success: true, data: await loadCatalogue(db) });
      expect(snapshot.etag).to.equal(etagOf(snapshot.body)).and.to.match(/^"[A-Za-z0-9_-]{27}"$/);
    });

    it('gives every caller during a load the same snapshot', async () => {
      const cache = createCatalogueCache({ db, now });
      const [first, second, third] = await Promise.all([cache.get(), cache.get(), cache.get()]);
      expect(second).to.equal(first);
      expect(third).to.equal(first);
    });

    it('serves the loaded catalogue until its time to live has passed, then reads the database again', async () => {
      const cache = createCatalogueCache({ db, now, ttlMs: 10_000 });
      await renameBtc('Bitcoin');
      const first = await cache.get();
      await renameBtc('Bitcoin renamed');
      clock += 9_999;
      expect(await cache.get()).to.equal(first);
      clock += 1;
      const second = await cache.get();
      expect(btcName(second.body)).to.equal('Bitcoin renamed');
      expect(second.etag).not.to.equal(first.etag);
      await renameBtc('Bitcoin');
    });

    it('reads the database again on the next call after invalidate()', async () => {
      const cache = createCatalogueCache({ db, now });
      await renameBtc('Bitcoin');
      const first = await cache.get();
      await renameBtc('Bitcoin again');
      cache.invalidate();
      expect(btcName((await cache.get()).body)).to.equal('Bitcoin again');
      expect(first).to.not.equal(await cache.get());
      await renameBtc('Bitcoin');
    });

    it('re-reads only the assets after a change of reserves, and everything after any other change', async () => {
      const { Asset, Direction } = initModels(db.sequelize);
      const cache = createCatalogueCache({ db, now });
      const before = await cache.get();
      const markup = markupOf(before);
      await restoring(before, async () => {
        // A payout's reserve change, announced as such, and a direction edit nobody announced.
        await Asset.update({ reserve: '123.45' }, { where: { code: 'BTC' } });
        await Direction.update({ markup: '9.5' }, { where });
        invalidateCatalogue(db.sequelize, 'reserves');
        const refreshed = await cache.get();
        expect(btc(refreshed).reserve).to.equal('123.45');
        expect(markupOf(refreshed)).to.equal(markup);
        expect(refreshed.catalogue.directions).to.equal(before.catalogue.directions);
        expect(btcOf(catalogueParts(refreshed).assets.body)).to.include({ reserve: '123.45' });
        expect(JSON.parse(refreshed.body.toString('utf8'))).to.deep.equal({ success: true, data: refreshed.catalogue });
        expect(refreshed.etag).to.not.equal(before.etag);
        // Shared by every caller until the next change.
        expect(await cache.get()).to.equal(refreshed);
        invalidateCatalogue(db.sequelize, 'all');
        expect(markupOf(await cache.get())).to.equal('9.5');
      });
    });

    it('after its time to live keeps the directions while only reserves changed, reads them all when they changed, and every row every CATALOGUE_FULL_READ_MS', async () => {
      const { Asset, Direction } = initModels(db.sequelize);
      const cache = createCatalogueCache({ db, now, ttlMs: 10_000 });
      const first = await cache.get();
      await restoring(first, async () => {
        // Nothing changed: after the time to live the same snapshot is served (body, ETag, parts kept).
        clock += 10_000;
        expect(await cache.get()).to.equal(first);
        clock += 9_999;
        expect(await cache.get()).to.equal(first);
        // A reserve changes unannounced: revalidated after the time to live, the directions kept.
        await Asset.update({ reserve: '77.5' }, { where: { code: 'BTC' } });
        clock += 10_000;
        const second = await cache.get();
        expect(btc(second).reserve).to.equal('77.5');
        expect(second.catalogue.directions).to.equal(first.catalogue.directions);
        // A direction changes unannounced (its updatedAt moves): read whole at the next revalidation.
        // MySQL keeps whole seconds: the write goes in a later second than the last one read.
        if (site.dialect === 'mysql') await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
        await Direction.update({ markup: '7.25' }, { where });
        clock += 10_000;
        const third = await cache.get();
        expect(markupOf(third)).to.equal('7.25');
        expect(third.catalogue.directions).to.not.equal(second.catalogue.directions);
        // A write that leaves updatedAt alone is not seen by the revision, only by the full read.
        await Direction.update({ markup: '6.75' }, { where, silent: true });
        clock += 10_000;
        expect(markupOf(await cache.get())).to.equal('7.25');
        clock += CATALOGUE_FULL_READ_MS;
        expect(markupOf(await cache.get())).to.equal('6.75');
      });
    });

    it('gives the same ETag in every process for the same catalogue', async () => {
      const [one, two] = await Promise.all([createCatalogueCache({ db }).get(), createCatalogueCache({ db }).get()]);
      expect(one.etag).to.equal(two.etag);
    });
  });
}

describe('catalogue cache on MySQL', () => {
  noteSkippedMysql();
});
