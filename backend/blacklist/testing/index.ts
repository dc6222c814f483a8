/** Test support for the blacklist: entries added through the admins' API, removed after the suite. */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { BlacklistAction, BlacklistEntryDto, BlacklistKind } from '../../../common/blacklist';
import type { TestClient } from '../../accounts/testing';
import { initModels } from '../../models';
import type { TestServer } from '../../test/server';

export interface TestBlacklist {
  add(kind: BlacklistKind, value: string, action: BlacklistAction, reason?: string): Promise<BlacklistEntryDto>;
  /** A shared database: no entry is left behind for other tests' orders. */
  removeAll(): Promise<void>;
}

export function testBlacklist(server: TestServer, admin: TestClient): TestBlacklist {
  const added: number[] = [];
  return {
    async add(kind, value, action, reason = `reason ${randomBytes(4).toString('hex')}`) {
      const response = await admin.post('/admin/blacklist', { kind, value, action, reason });
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      added.push(response.body.data.id);
      return response.body.data as BlacklistEntryDto;
    },
    async removeAll() {
      await initModels(server.db.sequelize).BlacklistEntry.destroy({ where: { id: added } });
    },
  };
}
