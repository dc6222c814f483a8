import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../layout/CardGrid';

export function HomeBenefits() {
  const { t } = useTranslation();
  return (
    <section className="container home__section" aria-labelledby="home-benefits">
      <p className="section-eyebrow">{t('pages.home.benefitsEyebrow')}</p>
      <h2 id="home-benefits" className="section-title">
        {t('pages.home.benefitsTitle')}
      </h2>
      <CardGrid listKey="pages.home.benefits" className="card-grid--three" />
    </section>
  );
}
