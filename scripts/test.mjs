#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in order —
 *   1. type check (`npm run typecheck`: every tsconfig),
 *   2. unit tests, 3. UI component tests (jsdom),
 *   4. integration tests on the embedded defaults (TEST_DATABASE_URL / TEST_REDIS_URL removed),
 *   5. the integration tests again against MySQL/Redis when either variable is set,
 *   6. the frontend build (when stale) and the browser tests in Chromium.
 * Every run's output is streamed as it comes; each mocha run's counts come from mocha's own stats
 * (`scripts/mocha-reporter.cjs` writes them to a file) and are printed as a summary table whose last
 * line, alone, is `N passed, N failed[, N skipped]` (CI reads it).
 * Exits non-zero when anything failed, a run crashed, or a run counted no tests although
 * test files exist for it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTscErrors, formatSummary, resultOf, specFilesOf, totalsOf } from './test-report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'data', 'test-data']);
/** A run still going after this long is stopped and counted as crashed (a hung process). */
const RUN_LIMIT_MS = 30 * 60 * 1000;
const TEST_SERVICE_VARS = ['TEST_DATABASE_URL', 'TEST_REDIS_URL'];

let activeChild = null;

function repoFiles(dir = ROOT) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_DIRS.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(ROOT, 'frontend', 'dist') ? [] : repoFiles(path);
    return entry.isFile() ? [relative(ROOT, path).split(sep).join('/')] : [];
  });
}

/** The spec files a mocha config file selects. */
function specFilesOfConfig(configFile, files) {
  return specFilesOf(JSON.parse(readFileSync(join(ROOT, configFile), 'utf8')), files);
}

/** The stats file a mocha run writes through scripts/mocha-reporter.cjs (null when it wrote none). */
function readReport(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function envWithout(names) {
  const env = { ...process.env };
  for (const name of names) delete env[name];
  return env;
}

/** Runs a command, streaming its output through, and resolves with its exit code and output. */
function run(command, args, env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    activeChild = child;
    let output = '';
    const collect = (stream) => (chunk) => {
      stream.write(chunk);
      output += chunk.toString();
    };
    child.stdout.on('data', collect(process.stdout));
    child.stderr.on('data', collect(process.stderr));
    const watchdog = setTimeout(() => {
      output += `\n[test] stopped after ${RUN_LIMIT_MS / 60000} minutes\n`;
      killGroup(child);
    }, RUN_LIMIT_MS);
    const finish = (exitCode) => {
      clearTimeout(watchdog);
      activeChild = null;
      resolve({ exitCode, output, seconds: (Date.now() - started) / 1000 });
    };
    child.on('error', (error) => {
      output += `\n[test] could not start ${command}: ${error.message}\n`;
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function banner(title) {
  process.stdout.write(`\n${'='.repeat(78)}\n[test] ${title}\n${'='.repeat(78)}\n`);
}

async function typeCheck() {
  banner('type check: node scripts/typecheck.mjs');
  const result = await run(process.execPath, [join(ROOT, 'scripts', 'typecheck.mjs')], process.env);
  return resultOf({ name: 'type check', kind: 'check', errors: countTscErrors(result.output), ...result });
}

async function mocha(name, configFile, files, env = process.env) {
  if (specFilesOfConfig(configFile, files).length === 0) {
    banner(`${name}: no test files for ${configFile}, skipped`);
    return null;
  }
  banner(`${name}: mocha --config ${configFile}`);
  const dir = mkdtempSync(join(tmpdir(), 'exchanger-mocha-'));
  const reportFile = join(dir, 'stats.json');
  try {
    const reporter = ['--reporter', join(ROOT, 'scripts', 'mocha-reporter.cjs'), '--reporter-option', `output=${reportFile}`];
    const args = ['--config', configFile, ...reporter, ...(process.stdout.isTTY ? ['--color'] : [])];
    const result = await run(join(BIN, 'mocha'), args, env);
    return resultOf({ name, kind: 'mocha', ...result, report: readReport(reportFile) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function frontendBuild() {
  banner('frontend build: node scripts/build-if-stale.mjs');
  const result = await run(process.execPath, [join(ROOT, 'scripts', 'build-if-stale.mjs')], process.env);
  return resultOf({ name: 'frontend build', kind: 'check', ...result });
}

async function main() {
  const files = repoFiles();
  const results = [];
  const add = (result) => result && results.push(result);

  add(await typeCheck());
  add(await mocha('unit', '.mocharc.unit.json', files));
  add(await mocha('ui', '.mocharc.ui.json', files));
  add(await mocha('integration (embedded)', '.mocharc.integration.json', files, envWithout(TEST_SERVICE_VARS)));
  if (TEST_SERVICE_VARS.some((name) => process.env[name])) {
    const using = TEST_SERVICE_VARS.filter((name) => process.env[name]).join(', ');
    add(await mocha(`integration (${using})`, '.mocharc.integration.json', files));
  }
  if (specFilesOfConfig('.mocharc.e2e.json', files).length > 0) {
    const build = await frontendBuild();
    add(build);
    if (build.failed === 0) add(await mocha('e2e (chromium)', '.mocharc.e2e.json', files));
  }

  banner('summary');
  process.stdout.write(`${formatSummary(results)}\n`);
  const totals = totalsOf(results);
  process.exitCode = totals.failed > 0 || results.length === 0 ? 1 : 0;
}

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.on(signal, () => {
    if (activeChild) killGroup(activeChild);
    process.exit(code);
  });
}

if (!existsSync(BIN)) {
  console.error('[test] node_modules/.bin is missing: run `npm install` first');
  process.exit(1);
}
await main();
