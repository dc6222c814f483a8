import { createConnection } from 'mysql2/promise';

/**
 * The integration run against TEST_DATABASE_URL starts from an empty database: every test file
 * shares it, and what earlier runs left there (assets, orders, users of other test files) would
 * otherwise pile up from run to run — the demo catalogue of 42 assets had grown to 646 on one
 * machine, and answers that depend on its size (the catalogue's bytes, its compression) changed
 * with the machine's history. The first server of the run migrates and seeds the emptied database.
 *
 * Only a MySQL/MariaDB URL is emptied (the one non-embedded dialect); without TEST_DATABASE_URL the
 * run uses a SQLite file per test server and there is nothing to do. Point TEST_DATABASE_URL at a
 * database kept for tests only: its tables are dropped.
 */
export async function emptyTestDatabase(url: string | undefined): Promise<string[]> {
  if (!url || !/^(mysql|mariadb):/.test(url)) return [];
  const connection = await createConnection(url.replace(/^mariadb:/, 'mysql:'));
  try {
    const [rows] = await connection.query("SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()");
    const tables = rows as { name: string; type: string }[];
    await connection.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const { name, type } of tables) {
      await connection.query(`DROP ${type === 'VIEW' ? 'VIEW' : 'TABLE'} IF EXISTS ${connection.escapeId(name)}`);
    }
    await connection.query('SET FOREIGN_KEY_CHECKS = 1');
    return tables.map(({ name }) => name);
  } finally {
    await connection.end();
  }
}

/** Mocha's global setup (`.mocharc.integration.json`): once, before the first test file. */
export async function mochaGlobalSetup(): Promise<void> {
  await emptyTestDatabase(process.env.TEST_DATABASE_URL);
}
