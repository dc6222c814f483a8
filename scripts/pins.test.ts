import { readFileSync } from 'node:fs';
import { expect } from 'chai';

const readJson = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
const manifest = readJson('package.json') as { dependencies: Record<string, string> };
const lock = readJson('package-lock.json') as { packages: Record<string, { version: string }> };

/**
 * Packages whose private internals the code reaches, each with the tripwire tests that fail when
 * an upgrade changes them: upgrade one only on purpose, with those tests run.
 */
const PINNED = {
  'socket.io': 'backend/platform/realtime/internals.int.test.ts',
  'engine.io': 'backend/platform/realtime/internals.int.test.ts (wsPreEncodedFrame, backend/platform/realtime/directSend.ts)',
  sequelize: 'backend/platform/db/sqliteConnections.int.test.ts (the SQLite connection manager, backend/platform/db/index.ts)',
};

describe('exact pins of packages whose internals the code reaches', () => {
  for (const [name, tripwire] of Object.entries(PINNED)) {
    it(`pins ${name} to one version, the locked one (tripwire: ${tripwire})`, () => {
      const pinned = manifest.dependencies[name];
      expect(pinned, `${name} in dependencies`).to.match(/^\d+\.\d+\.\d+$/);
      expect(lock.packages[`node_modules/${name}`]?.version, `${name} in package-lock.json`).to.equal(pinned);
    });
  }
});
