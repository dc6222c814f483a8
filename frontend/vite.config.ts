import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { BuildManifest } from '../common/api';
import { precompressDir } from './build/precompress';

const frontendDir = dirname(fileURLToPath(import.meta.url));
const repoDir = resolve(frontendDir, '..');
const backendOrigin = 'http://localhost:3000';

/** Folders whose content makes up the bundle; their hash identifies a build. */
const BUILD_INPUTS = ['frontend/src', 'frontend/index.html', 'frontend/public', 'common', 'locales', 'package-lock.json'];

function hashInputs(): string {
  const hash = createHash('sha256');
  const visit = (path: string): void => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
      return;
    }
    hash.update(path.slice(repoDir.length)).update(readFileSync(path));
  };
  for (const input of BUILD_INPUTS) visit(join(repoDir, input));
  return hash.digest('hex').slice(0, 10);
}

/** `<content hash>-<build time, base 36>`: new sources or a new build both give a new id. */
function createBuildId(now: Date): string {
  return `${hashInputs()}-${now.getTime().toString(36)}`;
}

/** Writes `builds/latest.json` and `builds/meta/<buildId>.json` (BuildManifest) into the output. */
function buildManifestPlugin(manifest: BuildManifest): Plugin {
  return {
    name: 'exchanger:build-manifest',
    apply: 'build',
    generateBundle() {
      const source = `${JSON.stringify(manifest, null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source });
      this.emitFile({ type: 'asset', fileName: `builds/meta/${manifest.buildId}.json`, source });
    },
  };
}

/** Brotli and gzip copies beside each compressible file of the finished build (build/precompress.ts). */
function precompressPlugin(outDir: string): Plugin {
  return {
    name: 'exchanger:precompress',
    apply: 'build',
    async closeBundle() {
      const { files, bytes, coded } = await precompressDir(outDir);
      const kb = (value: number) => `${(value / 1024).toFixed(0)} KB`;
      console.log(`precompressed ${files} files: ${kb(bytes)} → br ${kb(coded.br)}, gzip ${kb(coded.gzip)}`);
    },
  };
}

/** Libraries that change rarely get their own long-cached chunks; pages stay lazy. */
const VENDOR_CHUNKS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|zustand|wouter|regexparam|use-sync-external-store)[\\/]/ },
  { name: 'socket', test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter|xmlhttprequest-ssl)[\\/]/ },
];

export default defineConfig(({ command }) => {
  const builtAt = new Date();
  const buildId = command === 'build' ? createBuildId(builtAt) : 'dev';
  const outDir = join(frontendDir, 'dist');
  return {
    root: frontendDir,
    publicDir: join(frontendDir, 'public'),
    plugins: [react(), buildManifestPlugin({ buildId, builtAt: builtAt.toISOString() }), precompressPlugin(outDir)],
    define: {
      __BUILD_ID__: JSON.stringify(buildId),
    },
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: VENDOR_CHUNKS.map((chunk, index) => ({ ...chunk, priority: VENDOR_CHUNKS.length - index })),
          },
        },
      },
    },
    server: {
      fs: { allow: [repoDir] },
      proxy: {
        '/api': backendOrigin,
        '/socket.io': { target: backendOrigin, ws: true },
        '/export': backendOrigin,
        '/builds': backendOrigin,
        '/metrics': backendOrigin,
      },
    },
    preview: {
      proxy: {
        '/api': backendOrigin,
        '/socket.io': { target: backendOrigin, ws: true },
        '/export': backendOrigin,
        '/metrics': backendOrigin,
      },
    },
  };
});
