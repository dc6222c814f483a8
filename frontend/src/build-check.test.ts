import { expect } from 'chai';
import {
  checkForNewBuild,
  guardedReload,
  isNewBuild,
  RELOAD_GUARD_KEY,
  RELOAD_GUARD_MS,
  reloadAllowed,
  startBuildCheck,
  type ReloadDeps,
} from './build-check';

interface Recorder extends ReloadDeps {
  reloads: number;
  at: number;
}

function recorder(startAt = 1_700_000_000_000): Recorder {
  window.sessionStorage.clear();
  const deps: Recorder = {
    reloads: 0,
    at: startAt,
    storage: window.sessionStorage,
    now: () => deps.at,
    reload: () => {
      deps.reloads += 1;
    },
  };
  return deps;
}

describe('build check', () => {
  afterEach(() => window.sessionStorage.clear());

  describe('isNewBuild', () => {
    it('reports a manifest naming another build as new', () => {
      expect(isNewBuild('abc-1', { buildId: 'def-2', builtAt: '2025-01-01T00:00:00.000Z' })).to.equal(true);
    });

    it('does not report the running build as new', () => {
      expect(isNewBuild('abc-1', { buildId: 'abc-1', builtAt: '2025-01-01T00:00:00.000Z' })).to.equal(false);
    });

    it('ignores answers that are not a manifest', () => {
      for (const answer of [null, undefined, 'abc', {}, { buildId: '' }, { buildId: 42 }]) {
        expect(isNewBuild('abc-1', answer), JSON.stringify(answer)).to.equal(false);
      }
    });
  });

  describe('reload guard', () => {
    it('allows a reload when none happened before', () => {
      expect(reloadAllowed(window.sessionStorage, Date.now())).to.equal(true);
    });

    it('refuses a second reload within 10 seconds of the first', () => {
      const deps = recorder();
      expect(guardedReload(deps)).to.equal(true);
      deps.at += RELOAD_GUARD_MS - 1;
      expect(guardedReload(deps)).to.equal(false);
      expect(deps.reloads).to.equal(1);
    });

    it('allows a reload again once 10 seconds have passed', () => {
      const deps = recorder();
      guardedReload(deps);
      deps.at += RELOAD_GUARD_MS;
      expect(guardedReload(deps)).to.equal(true);
      expect(deps.reloads).to.equal(2);
    });

    it('keeps the time of the reload in sessionStorage', () => {
      const deps = recorder();
      guardedReload(deps);
      expect(window.sessionStorage.getItem(RELOAD_GUARD_KEY)).to.equal(String(deps.at));
    });

    it('does not reload when the guard cannot be written', () => {
      const deps = recorder();
      deps.storage = {
        getItem: () => null,
        setItem: () => {
          throw new DOMException('Storage is disabled', 'SecurityError');
        },
      };
      expect(guardedReload(deps)).to.equal(false);
      expect(deps.reloads).to.equal(0);
    });
  });

  describe('checkForNewBuild', () => {
    it('reloads when the latest manifest names another build', async () => {
      const deps = recorder();
      const reloaded = await checkForNewBuild('old', async () => ({ buildId: 'new', builtAt: '' }), deps);
      expect(reloaded).to.equal(true);
      expect(deps.reloads).to.equal(1);
    });

    it('stays on the page when the manifest names the running build', async () => {
      const deps = recorder();
      await checkForNewBuild('same', async () => ({ buildId: 'same', builtAt: '' }), deps);
      expect(deps.reloads).to.equal(0);
    });

    it('ignores a failed manifest request', async () => {
      const deps = recorder();
      const reloaded = await checkForNewBuild('old', () => Promise.reject(new TypeError('offline')), deps);
      expect(reloaded).to.equal(false);
      expect(deps.reloads).to.equal(0);
    });
  });

  describe('chunk load errors', () => {
    it('reloads once on vite:preloadError and not again within the guard', () => {
      const deps = recorder();
      const stop = startBuildCheck({ currentBuildId: 'dev', deps, fetchLatest: async () => null });
      try {
        const first = new window.Event('vite:preloadError', { cancelable: true });
        window.dispatchEvent(first);
        const second = new window.Event('vite:preloadError', { cancelable: true });
        window.dispatchEvent(second);
        expect(deps.reloads).to.equal(1);
        expect(first.defaultPrevented, 'the first error is swallowed by the reload').to.equal(true);
        expect(second.defaultPrevented, 'the second error reaches the error page').to.equal(false);
      } finally {
        stop();
      }
    });

    it('stops listening once stopped', () => {
      const deps = recorder();
      startBuildCheck({ currentBuildId: 'dev', deps, fetchLatest: async () => null })();
      window.dispatchEvent(new window.Event('vite:preloadError', { cancelable: true }));
      expect(deps.reloads).to.equal(0);
    });
  });
});
