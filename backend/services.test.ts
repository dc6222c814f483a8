import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the process's services are built (backend/services.ts, called by server.ts and main.ts). */
const COMPOSITION_ROOT = 'backend/services.ts';
/** The entry files may import routes and workers: they assemble them. */
const ASSEMBLERS = new Set(['backend/main.ts', 'backend/cli.ts', 'backend/server.ts', 'backend/app.ts', 'backend/api.ts', 'backend/models.ts', COMPOSITION_ROOT]);

interface Source {
  file: string;
  text: string;
  /** The backend files it imports at run time (type-only imports are gone by then), resolved. */
  imports: string[];
}

/** The backend files production runs: what backend/main.ts and backend/cli.ts reach (tests and test support are not). */
async function productionSources(): Promise<Source[]> {
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: ['backend/main.ts', 'backend/cli.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    write: false,
    outdir: 'build/check',
    logLevel: 'silent',
  });
  return Object.entries(metafile.inputs)
    .filter(([file]) => file.startsWith('backend/'))
    .map(([file, input]) => ({
      file,
      text: readFileSync(path.join(ROOT, file), 'utf8'),
      imports: input.imports.map((entry) => entry.path).filter((target) => target.startsWith('backend/')),
    }));
}

/** `backend/<domain>/…` → the domain; platform, the root files and workers/ are not domains. */
function domainOf(file: string): string | undefined {
  const match = /^backend\/([\w]+)\//.exec(file);
  return match && !['platform', 'workers', 'test'].includes(match[1]) ? match[1] : undefined;
}

/** Files only their assemblers may import: routers, worker jobs, the scheduler and the root files. */
function isAssembled(file: string): boolean {
  return /^backend\/[\w]+\/(routes|\w+Routes|jobs?)\.ts$/.test(file) || file.startsWith('backend/workers/') || /^backend\/\w+\.ts$/.test(file);
}

/** Calls of a name (its declaration `function name(` is not one). */
function callsOf(text: string, name: string): number {
  return [...text.matchAll(new RegExp(`(?<!function )\\b${name}\\(`, 'g'))].length;
}

describe('the composition root', function () {
  this.timeout(20_000);
  let sources: Source[];

  before(async () => {
    sources = await productionSources();
  });

  it('reads the production sources (the check below has files to check)', () => {
    const files = sources.map((source) => source.file);
    expect(files).to.include.members([COMPOSITION_ROOT, 'backend/server.ts', 'backend/api.ts', 'backend/orders/jobs.ts']);
  });

  it('is the only production code that constructs a mailer, the server translations or the captcha client', () => {
    const outside = sources.flatMap(({ file, text }) =>
      file === COMPOSITION_ROOT
        ? []
        : ['createMailer', 'createServerI18n', 'createCaptchaVerifier'].filter((name) => callsOf(text, name) > 0).map((name) => `${file}: ${name}(`),
    );
    expect(outside).to.deep.equal([]);
    const root = sources.find((source) => source.file === COMPOSITION_ROOT)!.text;
    for (const name of ['createMailer', 'createServerI18n', 'createCaptchaVerifier']) expect(callsOf(root, name), name).to.equal(1);
  });

  it('sets the app keys where the app is built, never from a middleware', () => {
    const assigning = sources.filter(({ text }) => /\.keys\s*=[^=]/.test(text)).map(({ file }) => file);
    expect(assigning).to.deep.equal([]);
  });

  it('lays the backend out in platform and domains: no domain imports another domain’s routes, jobs, workers or the root files', () => {
    const outside = sources.filter(({ file }) => !ASSEMBLERS.has(file) && !file.startsWith('backend/platform/') && !file.startsWith('backend/workers/') && !domainOf(file));
    expect(outside.map(({ file }) => file)).to.deep.equal([]);
    const wrongWay = sources.flatMap(({ file, imports }) => {
      const domain = domainOf(file);
      if (!domain) return [];
      return imports
        .filter((target) => target !== 'backend/models.ts' && isAssembled(target) && domainOf(target) !== domain)
        .map((target) => `${file} → ${target}`);
    });
    expect(wrongWay).to.deep.equal([]);
  });

  it('keeps business words out of platform/: it imports only platform code', () => {
    const wrongWay = sources.flatMap(({ file, imports }) =>
      file.startsWith('backend/platform/') ? imports.filter((target) => !target.startsWith('backend/platform/')).map((target) => `${file} → ${target}`) : [],
    );
    expect(wrongWay).to.deep.equal([]);
  });

  it('keeps test support out of what production runs', () => {
    const support = sources.filter(({ file }) => /\/testing\/|^backend\/test\//.test(file)).map(({ file }) => file);
    expect(support).to.deep.equal([]);
  });
});
