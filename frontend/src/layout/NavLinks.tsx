import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ROUTES, type RouteDef } from '../../../common/routes';

export const NAV_ROUTES: readonly RouteDef[] = ROUTES.filter((route) => route.nav);
export const FOOTER_ROUTES: readonly RouteDef[] = ROUTES.filter((route) => route.footer);

interface Props {
  routes: readonly RouteDef[];
  className: string;
}

/** Links to static routes of the route table, labelled `common.nav.<routeName>`. */
export function NavLinks({ routes, className }: Props) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <ul className={className}>
      {routes.map((route) => {
        const active = location === route.path || location.startsWith(`${route.path}/`);
        return (
          <li key={route.name}>
            <Link
              href={route.path}
              className={active ? 'nav-link nav-link--active' : 'nav-link'}
              aria-current={active ? 'page' : undefined}
            >
              {t(`common.nav.${route.name}`)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
