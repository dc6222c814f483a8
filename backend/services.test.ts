import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the process's services are built (backend/services.ts, called by server.ts and main.ts). */
const COMPOSITION_ROOT = 'backend/services.ts';
/** The entry files may import routes and workers: they assemble them. */
const ASSEMBLERS = new Set(['backend/main.ts', 'backend/cli.ts', 'backend/server.ts', 'backend/app.ts', COMPOSITION_ROOT]);

/** The backend files production runs: what backend/main.ts and backend/cli.ts reach (tests and test support are not). */
async function productionSources(): Promise<Array<{ file: string; text: string }>> {
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
  return Object.keys(metafile.inputs)
    .filter((file) => file.startsWith('backend/'))
    .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
}

/** Calls of a name (its declaration `function name(` is not one). */
function callsOf(text: string, name: string): number {
  return [...text.matchAll(new RegExp(`(?<!function )\\b${name}\\(`, 'g'))].length;
}

describe('the composition root', function () {
  this.timeout(20_000);
  let sources: Array<{ file: string; text: string }>;

  before(async () => {
    sources = await productionSources();
  });

  it('reads the production sources (the check below has files to check)', () => {
    const files = sources.map((source) => source.file);
    expect(files).to.include.members([COMPOSITION_ROOT, 'backend/server.ts', 'backend/routes/api.ts', 'backend/workers/orders.ts']);
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

  it('leaves routes and workers to their assemblers: no domain imports them', () => {
    const wrongWay = sources.flatMap(({ file, text }) => {
      if (ASSEMBLERS.has(file) || /^backend\/(routes|workers)\//.test(file)) return [];
      return [...text.matchAll(/from '((?:\.\.?\/)+(?:[\w.]+\/)*(?:routes|workers)(?:\/[\w.]+)*)'/g)]
        .map((match) => path.posix.join(path.posix.dirname(file), match[1]))
        .filter((target) => /^backend\/(routes|workers)(\/|$)/.test(target))
        .map((target) => `${file} → ${target}`);
    });
    expect(wrongWay).to.deep.equal([]);
  });
});
