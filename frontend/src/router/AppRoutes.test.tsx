import { act, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import type { SessionUser } from '../../../common/api';

/**
 * Pages are lazy `import()`s. Under mocha + tsx, test files are compiled to CommonJS while
 * `import()` loads ES modules, so packages shipping both builds (i18next, react-i18next, wouter,
 * zustand) would exist twice. Loading everything this test touches through `import()` keeps one
 * copy of each, as in the browser.
 */
async function loadApp() {
  const [client, queryClient, fatal, session, ui, globals, routes, navigation, wouter, query] = await Promise.all([
    import('../api/client'),
    import('../api/queryClient'),
    import('../errors/fatalErrors'),
    import('../stores/session'),
    import('../stores/ui'),
    import('../testing/browserGlobals'),
    import('./AppRoutes'),
    import('./navigation'),
    import('wouter'),
    import('@tanstack/react-query'),
    // Initialises the ES-module copy of i18next with the test translations.
    import('../../test/i18n'),
  ]);
  return {
    setApiBase: client.setApiBase,
    createQueryClient: queryClient.createQueryClient,
    installFatalErrorHandlers: fatal.installFatalErrorHandlers,
    useSessionStore: session.useSessionStore,
    useUiStore: ui.useUiStore,
    exposeWindowEvents: globals.exposeWindowEvents,
    AppRoutes: routes.AppRoutes,
    useCanonicalLocation: navigation.useCanonicalLocation,
    useCanonicalSearch: navigation.useCanonicalSearch,
    Router: wouter.Router,
    QueryClientProvider: query.QueryClientProvider,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;

const USER: SessionUser = {
  id: 1,
  email: 'user@example.com',
  firstName: null,
  secondName: null,
  role: 'user',
  twoFactorEnabled: false,
  kycStatus: null,
};

function renderAt(url: string) {
  const { QueryClientProvider, Router, AppRoutes, createQueryClient, useCanonicalLocation, useCanonicalSearch } = app;
  window.history.replaceState(null, '', url);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={useCanonicalLocation} searchHook={useCanonicalSearch}>
        <AppRoutes />
      </Router>
    </QueryClientProvider>,
  );
}

function here(): string {
  return window.location.pathname + window.location.search;
}

describe('app routes', () => {
  before(async () => {
    app = await loadApp();
    app.exposeWindowEvents();
  });

  beforeEach(() => {
    // No backend here: the silent session request fails fast and counts as signed out.
    app.setApiBase('http://127.0.0.1:1/api');
    app.useSessionStore.setState({ user: null, known: false });
    app.useUiStore.setState({ fatalError: null });
  });

  afterEach(() => {
    app.setApiBase('/api');
    window.history.replaceState(null, '', '/');
  });

  it('shows the 404 page with the unknown path for an unknown route', async () => {
    renderAt('/no/such/page');
    expect((await screen.findByTestId('not-found-message')).textContent).to.equal('Page not found: /no/such/page');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).to.deep.equal(['/', '/']);
  });

  it('renders the page of a known route with its title', async () => {
    renderAt('/about-service');
    expect(await screen.findByRole('heading', { level: 1, name: 'About the service' })).to.exist;
  });

  it('puts the title of the page in the document title', async () => {
    renderAt('/reserves');
    await screen.findByRole('heading', { level: 1, name: 'Reserves' });
    // The title is written by an effect after the page's commit.
    await waitFor(() => expect(document.title).to.equal('Reserves — Exchanger'));
  });

  it('replaces a non-canonical address before showing the page', async () => {
    renderAt('/en/about-service/');
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    expect(here()).to.equal('/about-service');
  });

  it('applies the navigation rules to history changes made after the first load', async () => {
    renderAt('/about-service');
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    act(() => window.history.pushState(null, '', '/index.html'));
    expect(here()).to.equal('/');
  });

  it('fetches the session silently on the first navigation', async () => {
    renderAt('/about-service');
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(app.useSessionStore.getState()).to.include({ known: true, user: null });
  });

  it('sends a signed-out visitor of the user area to the sign-in page with next', async () => {
    app.useSessionStore.setState({ user: null, known: true });
    renderAt('/user/profile');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(here()).to.equal('/login?next=%2Fuser%2Fprofile');
  });

  it('sends the signed-in visitor back to next from the sign-in page', async () => {
    app.useSessionStore.setState({ user: null, known: true });
    renderAt('/login?next=%2Fuser%2Fapi');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    act(() => app.useSessionStore.setState({ user: USER }));
    await screen.findByRole('heading', { level: 1, name: 'API' });
    expect(here()).to.equal('/user/api');
  });

  it('shows a page of the user area to a signed-in user', async () => {
    app.useSessionStore.setState({ user: USER, known: true });
    renderAt('/user/profile');
    expect(await screen.findByText('user@example.com')).to.exist;
  });

  it('hides the operator console from a user who is not an operator', async () => {
    app.useSessionStore.setState({ user: USER, known: true });
    renderAt('/operator');
    expect((await screen.findByTestId('not-found-message')).textContent).to.equal('Page not found: /operator');
  });

  it('shows the 500 page on an unhandled error outside rendering', async () => {
    const uninstall = app.installFatalErrorHandlers(window);
    try {
      renderAt('/about-service');
      await screen.findByRole('heading', { level: 1, name: 'About the service' });
      act(() => {
        window.dispatchEvent(new window.ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
      });
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Server error');
    } finally {
      uninstall();
    }
  });

  it('leaves the 500 page when the visitor navigates elsewhere', async () => {
    app.useUiStore.setState({ fatalError: new Error('boom') });
    renderAt('/about-service');
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Server error');
    act(() => window.history.pushState(null, '', '/reserves'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reserves' })).to.exist;
  });
});
