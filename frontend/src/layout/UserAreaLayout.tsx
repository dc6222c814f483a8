import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { routeByName } from '../../../common/routes';
import { PageHeader } from './PageHeader';
import { PlannedContent } from './PlannedContent';

const USER_AREA_ROUTES = ['userProfile', 'userExchanges', 'userRequisites', 'userPartner', 'userApi'].map(routeByName);

interface Props {
  name: string;
  children?: ReactNode;
}

/** The signed-in user's area: its sections on the side, the current one on the right. */
export function UserAreaLayout({ name, children }: Props) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the sections scroll sideways: the current one is brought into view (the list only, not the page).
  useLayoutEffect(() => {
    const ul = list.current;
    const active = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !active || ul.scrollWidth <= ul.clientWidth) return;
    const box = ul.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    ul.scrollLeft += item.left - box.left - (ul.clientWidth - item.width) / 2;
  }, [location]);
  return (
    <div className="container page user-area">
      <nav className="user-area__nav" aria-label={t('common.userArea.navigation')}>
        <ul ref={list}>
          {USER_AREA_ROUTES.map((route) => (
            <li key={route.name}>
              <Link
                href={route.path}
                className={location === route.path ? 'user-area__link user-area__link--active' : 'user-area__link'}
                aria-current={location === route.path ? 'page' : undefined}
              >
                {t(`common.userArea.${route.name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="user-area__content">
        <PageHeader name={name} />
        {children}
        <PlannedContent name={name} />
      </div>
    </div>
  );
}
