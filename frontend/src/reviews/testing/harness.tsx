/**
 * The public site's pages (reviews, contacts) against a real HTTP test API, inside the app's
 * providers (query client, router with the canonical location and search). Modules come through
 * `import()` like the other page harnesses (see exchange/testing/harness.tsx).
 */
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { startTestApi, type Handler, type Answer, type TestApi } from '../../exchange/testing/apiServer';
import { renderInApp } from '../../exchange/testing/harness';

export async function loadPublicPages() {
  const [reviews, allReviews, contacts, partners, client, queryClient, navigation, wouter, query, session, globals] = await Promise.all([
    import('../../pages/reviews'),
    import('../../pages/allReviews'),
    import('../../pages/contacts'),
    import('../../pages/partners'),
    import('../../api/client'),
    import('../../api/queryClient'),
    import('../../router/navigation'),
    import('wouter'),
    import('@tanstack/react-query'),
    import('../../stores/session'),
    import('../../testing/browserGlobals'),
    import('../../../test/i18n'),
  ]);
  globals.exposeWindowEvents();
  return {
    ReviewsPage: reviews.default,
    AllReviewsPage: allReviews.default,
    ContactsPage: contacts.default,
    PartnersPage: partners.default,
    setApiBase: client.setApiBase,
    createQueryClient: queryClient.createQueryClient,
    useCanonicalLocation: navigation.useCanonicalLocation,
    useCanonicalSearch: navigation.useCanonicalSearch,
    Router: wouter.Router,
    QueryClientProvider: query.QueryClientProvider,
    useSessionStore: session.useSessionStore,
  };
}

export type PublicPages = Awaited<ReturnType<typeof loadPublicPages>>;

export interface PublicHarness {
  api: TestApi;
  renderAt(url: string, ui: ReactNode): ReturnType<typeof render>;
  close(): Promise<void>;
}

export async function startPublicHarness(m: PublicPages, routes: Record<string, Handler | Answer>): Promise<PublicHarness> {
  const api = await startTestApi(routes);
  m.setApiBase(api.base);
  return {
    api,
    renderAt: (url, ui) => renderInApp(m, url, ui),
    async close() {
      cleanup();
      m.setApiBase('/api');
      m.useSessionStore.setState({ user: null, known: false });
      window.history.replaceState(null, '', '/');
      await api.close();
    },
  };
}
