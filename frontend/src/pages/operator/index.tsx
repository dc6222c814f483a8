import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { NotFoundPage } from '../../errors/NotFoundPage';
import { PageHeader } from '../../layout/PageHeader';
import { PageLoader } from '../../layout/PageLoader';
import type { PageProps } from '../../router/pageLoaders';
import { isOperator, useSessionStore } from '../../stores/session';
import { CONSOLE_SECTIONS, sectionsFor } from './sections';
import './console.css';
import './operator.css';

const lazySections: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  CONSOLE_SECTIONS.map((section) => [section.key, lazy(section.load)]),
);

/**
 * `/operator` and `/operator/<section>`: the staff console (its own chunk; each section another).
 * The navigation lists what the signed-in role may open; the server checks the role on every call.
 */
export default function ConsolePage({ params }: PageProps) {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const sections = useMemo(() => sectionsFor(user?.role), [user?.role]);
  const key = params.section ?? sections[0]?.key;
  if (params.section && !CONSOLE_SECTIONS.some((section) => section.key === params.section)) {
    return <NotFoundPage path={`/operator/${params.section}`} />;
  }
  const allowed = isOperator(user) && sections.some((section) => section.key === key);
  const Section = allowed && key ? lazySections[key] : null;
  return (
    <div className="container page operator-page console">
      <PageHeader name="operator" title={key ? `${t(`console.sections.${key}`)} · ${t('pages.operator.title')}` : undefined} />
      {isOperator(user) && (
        <nav className="console-nav" aria-label={t('console.nav')}>
          {sections.map((section) => (
            <Link
              key={section.key}
              href={`/operator/${section.key}`}
              className={section.key === key ? 'console-nav__link console-nav__link--active' : 'console-nav__link'}
              aria-current={section.key === key ? 'page' : undefined}
              data-testid={`console-nav-${section.key}`}
            >
              {t(`console.sections.${section.key}`)}
            </Link>
          ))}
        </nav>
      )}
      {Section ? (
        <Suspense fallback={<PageLoader />}>
          <Section />
        </Suspense>
      ) : (
        <p className="order-notice order-notice--error" role="alert">
          {isOperator(user) ? t('console.forbidden') : t('order.operator.forbidden')}
        </p>
      )}
    </div>
  );
}
