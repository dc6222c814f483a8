#!/usr/bin/env node
/**
 * Compiles the server to JavaScript in `build/server/` for production (`npm run build`), so the
 * production image runs `node build/server/backend/main.js` without tsx or TypeScript.
 *
 * Only what the entry points reach is compiled (tests and test support are left out): the process
 * entry `backend/main.ts`, the `backend/cli.ts` and every migration (umzug loads those by file
 * name). Files are compiled one to one and keep the repository's layout, so paths built from
 * `import.meta.url` (the migrations folder) keep working. The sources import without extensions,
 * which Node's ESM loader does not resolve, so each relative import is rewritten to its `.js`
 * file. esbuild does both, one build, no bundling of packages: they come from node_modules.
 *
 * Fails when the server imports a package that is not in `dependencies` (production installs
 * only those).
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT_DIR = join(ROOT, 'build', 'server');
const MIGRATIONS = join(ROOT, 'db', 'migrations');
const ENTRIES = [
  join(ROOT, 'backend', 'main.ts'),
  join(ROOT, 'backend', 'cli.ts'),
  ...readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(MIGRATIONS, name)),
];

const OPTIONS = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
};

const toPosix = (path) => path.split(sep).join('/');

/** Every source file the entries reach, from a dry run's metafile. */
async function reachableSources() {
  const { metafile } = await build({ ...OPTIONS, entryPoints: ENTRIES, metafile: true, write: false, outdir: OUT_DIR });
  return Object.keys(metafile.inputs).map((input) => join(ROOT, input));
}

/** Keeps each relative import as an import of the compiled file (`./x` → `./x.js`). */
const rewriteRelativeImports = {
  name: 'rewrite-relative-imports',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\.?(\/|$)/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData?.resolving) return undefined;
      const resolved = await esbuild.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      let target = toPosix(relative(dirname(args.importer), resolved.path)).replace(/\.tsx?$/, '.js');
      if (!target.startsWith('.')) target = `./${target}`;
      return { path: target, external: true };
    });
  },
};

/** The packages the compiled server imports that production installs would not have. */
function devOnlyImports(metafile) {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const builtins = new Set(builtinModules);
  const missing = new Set();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const { path, external } of input.imports) {
      if (!external || path.startsWith('.') || path.startsWith('node:') || builtins.has(path)) continue;
      const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
      if (!pkg.dependencies?.[name]) missing.add(`${name} (imported by ${file})`);
    }
  }
  return [...missing];
}

async function main() {
  const started = Date.now();
  const sources = await reachableSources();
  rmSync(OUT_DIR, { recursive: true, force: true });
  const result = await build({
    ...OPTIONS,
    entryPoints: sources,
    outbase: ROOT,
    outdir: OUT_DIR,
    sourcemap: 'linked',
    metafile: true,
    plugins: [rewriteRelativeImports],
  });
  const missing = devOnlyImports(result.metafile);
  if (missing.length > 0) {
    console.error(`[build-server] the server imports packages that are not dependencies:\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`[build-server] ${sources.length} files → ${toPosix(relative(ROOT, OUT_DIR))}/ in ${Date.now() - started} ms`);
}

await main();
