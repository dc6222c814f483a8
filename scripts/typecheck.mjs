#!/usr/bin/env node
/**
 * `npm run typecheck`: `tsc --noEmit` over each project, all of them even when one fails —
 * `tsconfig.json`, the whole repository with DOM types (the one editors and tsx read: tsx applies
 * a tsconfig only to the files it includes, and the SPA's tests need its JSX setting), and
 * `tsconfig.server.json`, the server side (backend, common, db, bench, scripts) without them, so
 * server code cannot use browser globals. Exits non-zero when any has errors.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const TSCONFIGS = ['tsconfig.json', 'tsconfig.server.json'];

let failed = 0;
for (const project of TSCONFIGS) {
  console.log(`[typecheck] tsc --noEmit -p ${project}`);
  const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', project], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
