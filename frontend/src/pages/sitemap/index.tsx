import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROUTES, type RouteDef } from '../../../../common/routes';
import { InfoPage } from '../../layout/InfoPage';

/** Screens a visitor can open directly: public, without params, not service pages. */
const SERVICE_PAGES = new Set(['test', 'maintenance', 'confirmError', 'confirmSuccess', 'resetPassword', 'sitemap']);

function isListed(route: RouteDef): boolean {
  return route.access === 'public' && !route.path.includes(':') && !SERVICE_PAGES.has(route.name);
}

const USER_PAGES = ROUTES.filter((route) => route.path.startsWith('/user/'));

export default function SitemapPage() {
  const { t } = useTranslation();
  const groups = [
    { key: 'public', routes: ROUTES.filter(isListed) },
    { key: 'account', routes: USER_PAGES },
  ];
  return (
    <InfoPage name="sitemap">
      <div className="sitemap">
        {groups.map((group) => (
          <section key={group.key} className="sitemap__group">
            <h2 className="content-section__title">{t(`pages.sitemap.groups.${group.key}`)}</h2>
            <ul className="sitemap__list">
              {group.routes.map((route) => (
                <li key={route.name}>
                  <Link href={route.path} className="sitemap__link">
                    {t(`pages.${route.name}.title`)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </InfoPage>
  );
}
