/**
 * Mocha `require` of `.mocharc.ui.json`: a jsdom browser environment, React's act environment,
 * English translations from `locales/`, stylesheet imports as empty modules, and DOM cleanup
 * after every test.
 *
 * Mocha loads this file and the specs with `require` (Node's require(esm) + tsx compiling to
 * CommonJS), so they share one copy of every package: keep this file free of top-level await,
 * which would make it load as a separate ES module with its own i18next.
 */
import './dom';
import { createRequire } from 'node:module';
import { cleanup } from '@testing-library/react';
import './i18n';

// Vite bundles the stylesheets components import; under Node they are empty modules.
const nodeRequire = createRequire(import.meta.url);
nodeRequire.extensions['.css'] = (module) => {
  module.exports = {};
};

export const mochaHooks = {
  afterEach(): void {
    cleanup();
  },
};
