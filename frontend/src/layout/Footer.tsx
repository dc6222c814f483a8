import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/publicConfig';
import { Logo } from './Logo';
import { FOOTER_ROUTES, NAV_ROUTES, NavLinks } from './NavLinks';

/** Site footer: service links, support hours, the 24/7 promise and the support messenger. */
export function Footer() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">{t('common.tagline')}</p>
        </div>
        <nav className="site-footer__column" aria-label={t('common.footer.serviceLinks')}>
          <h2 className="site-footer__heading">{t('common.footer.service')}</h2>
          <NavLinks routes={FOOTER_ROUTES} className="site-footer__links" />
        </nav>
        <nav className="site-footer__column" aria-label={t('common.footer.customerLinks')}>
          <h2 className="site-footer__heading">{t('common.footer.customers')}</h2>
          <NavLinks routes={NAV_ROUTES} className="site-footer__links" />
        </nav>
        <div className="site-footer__column site-footer__support">
          <h2 className="site-footer__heading">{t('common.footer.support')}</h2>
          <p className="site-footer__hours">{t('common.footer.supportHours')}</p>
          <p className="site-footer__always">
            <span className="pulse-dot" aria-hidden="true" />
            {t('common.footer.worksAllDay')}
          </p>
          {config?.supportUrl && (
            <a className="site-footer__messenger" href={config.supportUrl} target="_blank" rel="noopener noreferrer">
              {t('common.footer.messenger')}
            </a>
          )}
        </div>
      </div>
      <div className="container site-footer__bottom">
        <span>{t('common.footer.copyright', { year, brand: t('common.brand') })}</span>
        <span>{t('common.footer.highlights')}</span>
      </div>
    </footer>
  );
}
