/**
 * Mocha `require` of `.mocharc.ui.json`: a jsdom browser environment (with the window's event
 * globals), React's act environment, English translations from `locales/`, stylesheet imports as
 * empty modules, and DOM cleanup after every test.
 *
 * Keep this file free of top-level await. On Node with require(esm), mocha loads it and the
 * specs with `require` (tsx compiles them to CommonJS); a top-level await would load it as a
 * separate ES module with its own copy of i18next.
 */
import { exposeWindowEvents } from './dom';
import { createRequire, register } from 'node:module';
import { cleanup, configure } from '@testing-library/react';
import './i18n';

// Vite bundles the stylesheets components import; under Node they are empty modules, whether
// a spec is loaded through `require` or as an ES module.
const nodeRequire = createRequire(import.meta.url);
nodeRequire.extensions['.css'] = (module) => {
  module.exports = {};
};
register('./stylesheet-hooks.mjs', import.meta.url);

// findBy…/waitFor wait up to 5 s, not Testing Library's 1 s: the first render of a module compiles it
// (tsx), and on a busy CI machine one retry's render once took longer than 1 s (user exchanges page,
// "shows a failed load with a retry"). A wait that succeeds returns as soon as it can; mocha's own
// timeout (10 s) still bounds a test.
configure({ asyncUtilTimeout: 5000 });

export const mochaHooks = {
  beforeAll(): void {
    exposeWindowEvents();
  },
  afterEach(): void {
    cleanup();
  },
};
