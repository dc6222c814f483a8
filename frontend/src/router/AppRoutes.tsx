import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type LazyExoticComponent, type ComponentType } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { matchRoute, requiresSignIn, ROUTES, type RouteMatch } from '../../../common/routes';
import { NotFoundPage } from '../errors/NotFoundPage';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary';
import { ServerErrorPage } from '../errors/ServerErrorPage';
import { PageLoader } from '../layout/PageLoader';
import { ensureSessionKnown, isOperator, useSessionStore } from '../stores/session';
import { useUiStore } from '../stores/ui';
import { loginPathFor } from './navigation';
import { pageLoaders, type PageProps } from './pageLoaders';

const lazyPages: Record<string, LazyExoticComponent<ComponentType<PageProps>>> = Object.fromEntries(
  ROUTES.map((route) => [route.name, lazy(pageLoaders[route.name])]),
);

interface GateProps {
  match: RouteMatch | null;
  path: string;
  search: string;
}

/** Chooses what the location shows: the page, the sign-in redirect, or the 404 page. */
function RouteGate({ match, path, search }: GateProps) {
  const { user, known } = useSessionStore();
  if (requiresSignIn(path)) {
    if (!known) return <PageLoader />;
    if (!user) return <Redirect to={loginPathFor(path + search)} replace />;
    if (match?.route.access === 'operator' && !isOperator(user)) return <NotFoundPage path={path} />;
  }
  if (!match) return <NotFoundPage path={path} />;
  const Page = lazyPages[match.route.name];
  return <Page params={match.params} />;
}

/**
 * When the path changes (not on query-only changes): scroll to the top, close the mobile menu,
 * and leave a 500 page shown for an earlier fatal error.
 */
function usePathChangeEffects(path: string): void {
  const previous = useRef(path);
  useLayoutEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    window.scrollTo(0, 0);
    const ui = useUiStore.getState();
    ui.setMenuOpen(false);
    if (ui.fatalError) ui.clearFatal();
  }, [path]);
}

export function AppRoutes() {
  const [path] = useLocation();
  const search = useSearch();
  const fatalError = useUiStore((state) => state.fatalError);
  const errorResetCount = useUiStore((state) => state.errorResetCount);

  usePathChangeEffects(path);
  useEffect(() => {
    ensureSessionKnown();
  }, []);

  if (fatalError) return <ServerErrorPage />;
  const querySuffix = search ? `?${search}` : '';
  return (
    <RouteErrorBoundary key={`${path}#${errorResetCount}`}>
      <Suspense fallback={<PageLoader />}>
        <RouteGate match={matchRoute(path)} path={path} search={querySuffix} />
      </Suspense>
    </RouteErrorBoundary>
  );
}
