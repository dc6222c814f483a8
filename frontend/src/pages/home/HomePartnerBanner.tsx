import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

export function HomePartnerBanner() {
  const { t } = useTranslation();
  return (
    <section className="container home__section">
      <div className="banner">
        <div>
          <h2 className="banner__title">{t('pages.home.partnerTitle')}</h2>
          <p className="banner__text">{t('pages.home.partnerText')}</p>
        </div>
        <Button href="/partners" size="large" color="accent-pro">
          {t('pages.home.partnerAction')}
        </Button>
      </div>
    </section>
  );
}
