import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../layout/CardGrid';

export function HomeSteps() {
  const { t } = useTranslation();
  return (
    <section className="container home__section" aria-labelledby="home-steps">
      <p className="section-eyebrow">{t('pages.home.stepsEyebrow')}</p>
      <h2 id="home-steps" className="section-title">
        {t('pages.home.stepsTitle')}
      </h2>
      <CardGrid listKey="pages.home.steps" numbered className="card-grid--three" />
    </section>
  );
}
