import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { isTitledText, useTranslatedList } from '../../lib/useTranslatedList';
import { ExchangeWidget } from '../../exchange/ExchangeWidget';

export function HomeHero() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.home.title'));
  const stats = useTranslatedList('pages.home.stats', isTitledText);
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <span className="pulse-dot" aria-hidden="true" />
            {t('pages.home.eyebrow')}
          </p>
          <h1 className="hero__title">{t('pages.home.heroTitle')}</h1>
          <p className="hero__lead">{t('pages.home.description')}</p>
          <div className="hero__actions">
            <Button href="/how-it-works" size="large">
              {t('pages.home.ctaPrimary')}
            </Button>
            <Button href="/reserves" size="large" variant="ghost" color="secondary">
              {t('pages.home.ctaSecondary')}
            </Button>
          </div>
          <dl className="hero__stats">
            {stats.map((stat) => (
              <div key={stat.title} className="hero__stat">
                <dt className="hero__stat-value">{stat.title}</dt>
                <dd className="hero__stat-label">{stat.text}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="hero__exchange">
          <ExchangeWidget syncUrl />
        </div>
      </div>
    </section>
  );
}
