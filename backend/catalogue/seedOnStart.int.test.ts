import { expect } from 'chai';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../../db/seeders/catalogue-data';
import { noteSkippedMysql, testDatabaseSites } from '../platform/db/testing/testDatabases';
import { initModels } from '../models';
import { startTestServer, type TestServer } from '../test/server';

for (const site of testDatabaseSites()) {
  describe(`catalogue seeding at server start on ${site.dialect}`, function () {
    this.timeout(60_000);
    const servers: TestServer[] = [];
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((server) => server.close()));
    });
    after(async () => site.dropAll());

    // Several web processes share one database on MySQL only (SQLite is the one-process embedded default).
    if (site.dialect === 'mysql') {
      it('leaves exactly one copy of the demo catalogue when two servers start on one empty database at once', async () => {
        const databaseUrl = await site.create();
        servers.push(...(await Promise.all([startTestServer({ DATABASE_URL: databaseUrl }), startTestServer({ DATABASE_URL: databaseUrl })])));
        const { Asset, Direction } = initModels(servers[0].db.sequelize);
        expect(await Asset.count()).to.equal(SEED_ASSETS.length);
        expect(await Direction.count()).to.equal(SEED_DIRECTIONS.length);
      });
    }

    it('keeps what the catalogue holds when a server starts again', async () => {
      const databaseUrl = await site.create();
      const first = await startTestServer({ DATABASE_URL: databaseUrl });
      servers.push(first);
      await initModels(first.db.sequelize).Asset.update({ name: 'Bitcoin (edited)' }, { where: { code: 'BTC' } });
      await initModels(first.db.sequelize).PaymentDetail.update({ account: 'bc1qedited' }, { where: { assetCode: 'BTC' } });
      await first.close();
      servers.splice(0);
      const second = await startTestServer({ DATABASE_URL: databaseUrl });
      servers.push(second);
      const { Asset, PaymentDetail } = initModels(second.db.sequelize);
      expect(await Asset.count()).to.equal(SEED_ASSETS.length);
      expect((await Asset.findOne({ where: { code: 'BTC' }, rejectOnEmpty: true })).name).to.equal('Bitcoin (edited)');
      expect(await PaymentDetail.count()).to.equal(SEED_ASSETS.length);
      expect((await PaymentDetail.findOne({ where: { assetCode: 'BTC' }, rejectOnEmpty: true })).account).to.equal('bc1qedited');
    });
  });
}

describe('catalogue seeding at server start on MySQL', () => {
  noteSkippedMysql();
});
