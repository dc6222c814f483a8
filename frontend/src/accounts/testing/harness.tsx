/**
 * Renders accounts screens for component tests against a real HTTP API (exchange/testing/apiServer.ts).
 * Modules are loaded with `import()` so the stores the screens use are the same copies the
 * tests read (see exchange/testing/harness.tsx).
 */
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { PublicConfig } from '../../../../common/api';
import { startTestApi, type TestApi } from '../../exchange/testing/apiServer';

export const CAPTCHA_OFF_CONFIG: PublicConfig = {
  publicUrl: 'http://localhost:3000',
  buildId: null,
  supportUrl: 'https://t.me/support',
  analyticsId: null,
  chatWidgetId: null,
  chatWidgetProvider: null,
  recaptchaV2SiteKey: null,
  recaptchaV3SiteKey: null,
  maintenance: false,
};

export async function loadAccountsModules() {
  const [activation, login, signUp, session, client, queryClient, publicConfig, navigation, wouter, query, alerts, referral, globals] =
    await Promise.all([
      import('../ActivationPage'),
      import('../../pages/login'),
      import('../../pages/signUp'),
      import('../../stores/session'),
      import('../../api/client'),
      import('../../api/queryClient'),
      import('../../api/publicConfig'),
      import('../../router/navigation'),
      import('wouter'),
      import('@tanstack/react-query'),
      import('../alerts'),
      import('../referral'),
      import('../../testing/browserGlobals'),
      import('../../../test/i18n'),
    ]);
  globals.exposeWindowEvents();
  return {
    ActivationPage: activation.ActivationPage,
    LoginPage: login.default,
    SignUpPage: signUp.default,
    useSessionStore: session.useSessionStore,
    useAlerts: alerts.useAlerts,
    captureReferral: referral.captureReferral,
    setApiBase: client.setApiBase,
    createQueryClient: queryClient.createQueryClient,
    PUBLIC_CONFIG_QUERY_KEY: publicConfig.PUBLIC_CONFIG_QUERY_KEY,
    useCanonicalLocation: navigation.useCanonicalLocation,
    useCanonicalSearch: navigation.useCanonicalSearch,
    Router: wouter.Router,
    QueryClientProvider: query.QueryClientProvider,
  };
}

export type AccountsModules = Awaited<ReturnType<typeof loadAccountsModules>>;

export interface AccountsHarness {
  api: TestApi;
  renderAt(url: string, ui: ReactNode): ReturnType<typeof render>;
  close(): Promise<void>;
}

/** Signed out, no alerts, captcha off, an API answering nothing until the test says. */
export async function startAccountsHarness(m: AccountsModules): Promise<AccountsHarness> {
  m.useSessionStore.setState({ user: null, known: true });
  m.useAlerts.setState({ alerts: [] });
  localStorage.clear();
  const api = await startTestApi();
  m.setApiBase(api.base);
  return {
    api,
    renderAt(url, ui) {
      window.history.replaceState(null, '', url);
      const client = m.createQueryClient();
      client.setQueryData(m.PUBLIC_CONFIG_QUERY_KEY, CAPTCHA_OFF_CONFIG);
      return render(
        <m.QueryClientProvider client={client}>
          <m.Router hook={m.useCanonicalLocation} searchHook={m.useCanonicalSearch}>
            {ui}
          </m.Router>
        </m.QueryClientProvider>,
      );
    },
    async close() {
      cleanup();
      m.setApiBase('/api');
      window.history.replaceState(null, '', '/');
      await api.close();
    },
  };
}
