/**
 * Renders exchange screens for component tests against a real HTTP API (apiServer.ts) serving
 * the fixtures. Everything the screens touch is loaded with `import()`: the widget loads its
 * details step lazily, and under mocha + tsx a test's static imports are CommonJS copies while
 * `import()` gives the ES modules, so mixing both would split stores (zustand, wouter, i18next)
 * in two. See router/AppRoutes.test.tsx.
 */
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { CatalogueResponse } from '../api';
import { ok, startTestApi, type TestApi } from './apiServer';
import { CATALOGUE, catalogueParts, ratesSnapshot } from './fixtures';

export async function loadExchangeModules() {
  const [widget, store, live, client, queryClient, navigation, wouter, query, assetModal, globals, pairLanding, reserves, prerendered] =
    await Promise.all([
      import('../ExchangeWidget'),
      import('../store'),
      import('../liveRates'),
      import('../../api/client'),
      import('../../api/queryClient'),
      import('../../router/navigation'),
      import('wouter'),
      import('@tanstack/react-query'),
      import('../../stores/assetModal'),
      import('../../testing/browserGlobals'),
      import('../../pages/pairLanding'),
      import('../../pages/reserves'),
      import('../prerenderedRate'),
      // The details step is a lazy chunk: loaded here so the tests need not wait for it.
      import('../OrderDetails'),
      // Initialises the ES-module copy of i18next with the test translations.
      import('../../../test/i18n'),
    ]);
  globals.exposeWindowEvents();
  return {
    ExchangeWidget: widget.ExchangeWidget,
    PairLandingPage: pairLanding.default,
    ReservesPage: reserves.default,
    useExchangeStore: store.useExchangeStore,
    INITIAL_CHOICE: store.INITIAL_CHOICE,
    EXCHANGE_STORAGE_KEY: store.EXCHANGE_STORAGE_KEY,
    live,
    prerendered,
    useAssetModalStore: assetModal.useAssetModalStore,
    setApiBase: client.setApiBase,
    createQueryClient: queryClient.createQueryClient,
    useCanonicalLocation: navigation.useCanonicalLocation,
    useCanonicalSearch: navigation.useCanonicalSearch,
    Router: wouter.Router,
    QueryClientProvider: query.QueryClientProvider,
  };
}

export type ExchangeModules = Awaited<ReturnType<typeof loadExchangeModules>>;

/** The app's providers, as the page tests need them (loaded through `import()`). */
export type AppProviders = Pick<ExchangeModules, 'QueryClientProvider' | 'createQueryClient' | 'Router' | 'useCanonicalLocation' | 'useCanonicalSearch'>;

/** Renders `ui` at `url` inside the app's providers: a fresh query client, the router with the canonical location and search. */
export function renderInApp(m: AppProviders, url: string, ui: ReactNode): ReturnType<typeof render> {
  window.history.replaceState(null, '', url);
  return render(
    <m.QueryClientProvider client={m.createQueryClient()}>
      <m.Router hook={m.useCanonicalLocation} searchHook={m.useCanonicalSearch}>
        {ui}
      </m.Router>
    </m.QueryClientProvider>,
  );
}

export interface ExchangeHarness {
  api: TestApi;
  /** Renders `ui` at `url` inside the app's providers (query client, router). */
  renderAt(url: string, ui: ReactNode): ReturnType<typeof render>;
  close(): Promise<void>;
}

/** A fresh start: empty choice and session storage, no live data, an API serving the fixtures. */
export async function startExchangeHarness(
  modules: ExchangeModules,
  catalogue: CatalogueResponse = CATALOGUE,
): Promise<ExchangeHarness> {
  const m = modules;
  sessionStorage.clear();
  m.useExchangeStore.setState({ ...m.INITIAL_CHOICE, picking: null });
  m.useAssetModalStore.setState({ open: false });
  m.live.resetLiveRates();
  m.live.setLiveSocketSource(() => null);
  const api = await startTestApi({ ...catalogueParts(catalogue), 'GET /rates': ok(ratesSnapshot()) });
  m.setApiBase(api.base);
  return {
    api,
    renderAt: (url, ui) => renderInApp(m, url, ui),
    async close() {
      // Unmounted first: nothing rendered may react to the address reset below.
      cleanup();
      m.setApiBase('/api');
      window.history.replaceState(null, '', '/');
      await api.close();
    },
  };
}
