import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { createMigrator, type Database } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';

const NOW = "'2030-01-01 00:00:00'";

function insertAsset(db: Database, code: string, name: string, type: string): Promise<unknown> {
  return db.sequelize.query(
    `INSERT INTO assets (code, name, type, currency, network, \`precision\`, icon, reserve, enabled, city, sortOrder, createdAt, updatedAt)
     VALUES ('${code}', '${name}', '${type}', 'RUB', NULL, 2, 'x', '1', 1, NULL, 10, ${NOW}, ${NOW})`,
  );
}

for (const site of testDatabaseSites()) {
  describe(`migration 0007-asset-names on ${site.dialect}`, function () {
    this.timeout(30_000);
    const database = useMigratedTestDatabase(site);

    it('gives the demo catalogue seeded before it its Russian names, and leaves other assets and the Latin names alone', async () => {
      const db = database();
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0007-asset-names' });
      await insertAsset(db, 'SBERRUB', 'Sberbank', 'fiat');
      await insertAsset(db, 'BTC', 'Bitcoin', 'coin');
      // An operator's own asset under a demo code keeps what it was: no Russian name is guessed.
      await insertAsset(db, 'TBRUB', 'My bank', 'fiat');
      await migrator.up();
      const rows = await db.sequelize.query<{ code: string; name: string; nameRu: string | null }>(
        'SELECT code, name, nameRu FROM assets ORDER BY code',
        { type: QueryTypes.SELECT },
      );
      expect(rows).to.deep.equal([
        { code: 'BTC', name: 'Bitcoin', nameRu: null },
        { code: 'SBERRUB', name: 'Sberbank', nameRu: 'Сбербанк' },
        { code: 'TBRUB', name: 'My bank', nameRu: null },
      ]);
    });
  });
}

describe('migration 0007-asset-names on MySQL', () => {
  noteSkippedMysql();
});
