/**
 * The production image's commands, without Docker (no engine runs here): `npm run build` in a
 * copy of the working tree; then a folder laid out as the Dockerfile's runtime stage copies it,
 * whose node_modules holds only what `npm prune --omit=dev` keeps (the lockfile's packages not
 * flagged `dev`); then the Dockerfile's CMD started there.
 */
import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNode, type BackendProcess } from '../backend/test/process';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The last stage of the Dockerfile: what it copies from the build stage, and its CMD. */
function runtimeStage(): { copies: Array<{ from: string; to: string }>; command: string[] } {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const lines = dockerfile.split('\n').slice(dockerfile.split('\n').findLastIndex((line) => line.startsWith('FROM ')));
  const copies = lines
    .filter((line) => line.startsWith('COPY --from=build '))
    .flatMap((line) => {
      const args = line.split(/\s+/).slice(2);
      const to = args.pop()!;
      const into = to.endsWith('/') || args.length > 1; // a folder: each source keeps its name
      return args.map((from) => ({ from: path.relative('/app', from), to: into ? path.join(to, path.basename(from)) : to }));
    });
  const cmd = lines.find((line) => line.startsWith('CMD '));
  return { copies, command: JSON.parse(cmd!.slice(4)) as string[] };
}

/** The working tree as a fresh clone would have it, uncommitted edits included. */
function copyWorkingTree(target: string): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && file !== 'node_modules' && existsSync(path.join(ROOT, file)));
  for (const file of files) cpSync(path.join(ROOT, file), path.join(target, file), { recursive: true });
}

/** Top-level folders of node_modules/ that a production install has (`dev` is not set). */
function productionPackages(lockfile: string): { keep: string[]; drop: string[] } {
  const { packages } = JSON.parse(readFileSync(lockfile, 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const keys = Object.keys(packages).filter((key) => key.startsWith('node_modules/'));
  const topLevel = (key: string) => !key.slice('node_modules/'.length).includes('/node_modules/');
  return {
    keep: keys.filter((key) => topLevel(key) && !packages[key].dev),
    // Nested ones come with their parent folder; those only development needs are removed.
    drop: keys.filter((key) => !topLevel(key) && packages[key].dev),
  };
}

/** A node_modules of hard links (copies across file systems) to the production packages only. */
function installProductionOnly(target: string, lockfile: string, modules: string): void {
  const { keep, drop } = productionPackages(lockfile);
  const folder = (key: string) => key.slice('node_modules/'.length);
  for (const key of keep) {
    const from = path.join(modules, folder(key));
    if (!existsSync(from)) continue; // an optional package for another platform
    const to = path.join(target, folder(key));
    mkdirSync(path.dirname(to), { recursive: true });
    const linked = spawnSync('cp', ['-al', from, to]);
    if (linked.status !== 0) cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
  for (const key of drop) rmSync(path.join(target, folder(key)), { recursive: true, force: true });
}

/** What `import(name)` does from the app folder: 'ok' or the error code. */
function importFrom(app: string, name: string): string {
  const script = `import(${JSON.stringify(name)}).then(() => console.log('ok'), (e) => console.log(e.code))`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' }).trim();
}

describe('the production build', function () {
  this.timeout(180_000);
  let work: string;
  let app: string;
  let server: BackendProcess | undefined;
  let origin: string;
  let env: Record<string, string>;

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'exchanger-prod-'));
    const source = path.join(work, 'source');
    app = path.join(work, 'app');
    copyWorkingTree(source);
    const modules = realpathSync(path.join(ROOT, 'node_modules'));
    // The build stage: every dependency (the Dockerfile's `npm ci`), then `npm run build`.
    symlinkSync(modules, path.join(source, 'node_modules'));
    execFileSync('npm', ['run', 'build'], { cwd: source, stdio: 'pipe' });
    // The runtime stage: what it copies, with production dependencies only.
    const { copies, command } = runtimeStage();
    for (const { from, to } of copies) {
      if (from === 'node_modules') installProductionOnly(path.join(app, to), path.join(source, 'package-lock.json'), modules);
      else cpSync(path.join(source, from), path.join(app, to), { recursive: true });
    }
    mkdirSync(path.join(app, 'data'));
    expect(command[0]).to.equal('node');
    env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: path.join(app, 'data'),
      PUBLIC_URL: 'http://127.0.0.1:3000',
      SESSION_KEYS: 'a-first-production-session-key-0123456789,a-second-production-session-key-0123456789',
      LOG_LEVEL: 'info',
      // The compose shape (MySQL, Redis) when the suite runs against them; embedded otherwise.
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `test:${randomUUID().slice(0, 12)}:` } : {}),
    };
    server = runNode(command.slice(1), env, app);
    const listening = await server.waitForLog((line) => line.msg === 'web server listening');
    origin = `http://127.0.0.1:${listening.port}`;
  });

  after(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited();
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('runs compiled JavaScript only: no TypeScript in the server build, no tests, no sources', () => {
    expect(existsSync(path.join(app, 'backend'))).to.equal(false);
    const files = (readdirSync(path.join(app, 'build', 'server'), { recursive: true }) as string[]).map((file) => file.split(path.sep).join('/'));
    expect(files).to.include('backend/main.js');
    expect(files.filter((file) => /\.tsx?$/.test(file) || /\.test\.js$/.test(file) || /(^|\/)test\//.test(file))).to.deep.equal([]);
  });

  it('has the production dependencies and none of the build tools or React libraries', () => {
    expect(importFrom(app, 'koa')).to.equal('ok');
    expect(importFrom(app, 'sqlite3')).to.equal('ok');
    // (typescript stays: npm keeps it as an optional peer of i18next.)
    for (const name of ['vite', '@vitejs/plugin-react', 'react', 'react-dom', 'tsx', 'esbuild', 'mocha']) {
      expect(importFrom(app, name), name).to.equal('ERR_MODULE_NOT_FOUND');
    }
  });

  it('answers /api/ready once migrated and seeded', async () => {
    const response = await fetch(`${origin}/api/ready`);
    expect(response.status).to.equal(200);
  });

  it('serves the SPA and its hashed assets', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    const html = await page.text();
    expect(html).to.include('<div id="root">');
    const script = /<script type="module"[^>]* src="(\/assets\/[\w-]+\.js)"/.exec(html)?.[1];
    expect(script, 'the entry script of index.html').to.be.a('string');
    const asset = await fetch(`${origin}${script}`);
    expect(asset.status).to.equal(200);
    expect(asset.headers.get('content-type')).to.match(/javascript/);
  });

  it('stops with exit code 0 on SIGTERM', async () => {
    server!.child.kill('SIGTERM');
    expect(await server!.exited()).to.equal(0);
  });

  it('runs the compiled CLI: the migrations the server applied are up to date', () => {
    const output = execFileSync(process.execPath, ['build/server/backend/cli.js', 'db:migrate'], { cwd: app, env, encoding: 'utf8' });
    expect(output).to.include('Migrations are up to date.');
  });
});
