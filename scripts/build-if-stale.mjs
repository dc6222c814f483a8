#!/usr/bin/env node
/**
 * Builds the SPA (`vite build --config frontend/vite.config.ts`) only when it is stale:
 * `frontend/dist/index.html` is missing, or the inputs (everything under `frontend/` except
 * `dist/`, `common/`, `locales/`, and the lockfile) differ from those of the last build.
 *
 * The stamp `frontend/dist/.build-stamp` holds a fingerprint of the inputs (path, size and
 * content hash of every file), so an edit, a new file and a deleted file all trigger a build,
 * while a mere `touch` or a fresh clone of the same sources does not rebuild twice.
 *
 * Used by `npm start` and `npm run test:e2e`. `--force` builds unconditionally.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'frontend', 'dist');
const STAMP = join(DIST, '.build-stamp');
const INPUT_DIRS = ['frontend', 'common', 'locales'];
const INPUT_FILES = ['package-lock.json'];
const EXCLUDED_DIRS = new Set([DIST, join(ROOT, 'frontend', 'node_modules')]);

function listFiles(dir) {
  if (!existsSync(dir) || EXCLUDED_DIRS.has(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.isFile() ? [path] : [];
  });
}

/** A fingerprint of every input file: changes whenever a file is added, removed or edited. */
function inputsFingerprint() {
  const files = [
    ...INPUT_DIRS.flatMap((dir) => listFiles(join(ROOT, dir))),
    ...INPUT_FILES.map((file) => join(ROOT, file)).filter((file) => existsSync(file)),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const content = readFileSync(file);
    hash.update(relative(ROOT, file).split(sep).join('/'));
    hash.update('\0');
    hash.update(createHash('sha256').update(content).digest());
  }
  return hash.digest('hex');
}

function staleReason(fingerprint) {
  if (!existsSync(join(DIST, 'index.html'))) return 'frontend/dist/index.html is missing';
  if (!existsSync(STAMP)) return 'no build stamp';
  if (readFileSync(STAMP, 'utf8').trim() !== fingerprint) return 'sources changed since the last build';
  return null;
}

function main() {
  const force = process.argv.includes('--force');
  const fingerprint = inputsFingerprint();
  const reason = force ? 'forced' : staleReason(fingerprint);
  if (!reason) {
    console.log('[build-if-stale] frontend/dist is up to date');
    return;
  }
  console.log(`[build-if-stale] building the frontend (${reason})`);
  const vite = join(ROOT, 'node_modules', '.bin', 'vite');
  const result = spawnSync(vite, ['build', '--config', 'frontend/vite.config.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`[build-if-stale] vite build failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  writeFileSync(STAMP, `${fingerprint}\n`);
}

main();
