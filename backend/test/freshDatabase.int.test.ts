import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { emptyTestDatabase } from './freshDatabase';

describe('the MariaDB integration run starts from an empty database', function () {
  const url = process.env.TEST_DATABASE_URL;
  const name = `fresh_${randomUUID().slice(0, 8)}`;

  before(function () {
    if (!url || !/^(mysql|mariadb):/.test(url)) this.skip();
  });

  it('drops every table and view of the database it is given (foreign keys included), and nothing of another', async () => {
    const server = await createConnection(url!);
    try {
      await server.query(`CREATE DATABASE ${name}`);
      await server.query(`CREATE TABLE ${name}.parent (id INT PRIMARY KEY)`);
      await server.query(`CREATE TABLE ${name}.child (id INT PRIMARY KEY, parent_id INT, FOREIGN KEY (parent_id) REFERENCES ${name}.parent (id))`);
      await server.query(`INSERT INTO ${name}.parent VALUES (1)`);
      await server.query(`INSERT INTO ${name}.child VALUES (1, 1)`);
      await server.query(`CREATE VIEW ${name}.children AS SELECT id FROM ${name}.child`);
      const [before] = await server.query('SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()');

      const target = new URL(url!);
      target.pathname = `/${name}`;
      const dropped = await emptyTestDatabase(target.toString());

      expect([...dropped].sort()).to.deep.equal(['child', 'children', 'parent']);
      const [left] = await server.query('SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?', [name]);
      expect(left).to.deep.equal([]);
      const [after] = await server.query('SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()');
      expect(after).to.deep.equal(before);
    } finally {
      await server.query(`DROP DATABASE IF EXISTS ${name}`);
      await server.end();
    }
  });

  it('leaves anything but a MySQL/MariaDB URL alone', async () => {
    expect(await emptyTestDatabase(undefined)).to.deep.equal([]);
    expect(await emptyTestDatabase('sqlite:/tmp/none.sqlite')).to.deep.equal([]);
  });
});
