import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { Header } from './Header';
import { MaintenanceNotice } from './MaintenanceNotice';

/** The frame of every screen: header, the routed page, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <MaintenanceNotice />
      <main id="main" className="app__main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
