import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../layout/PageHeader';

export default function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <div className="container page page--narrow">
      <div className="status-card">
        <span className="status-card__icon" aria-hidden="true">⚙</span>
        <PageHeader name="maintenance" />
        <p className="status-card__note">{t('pages.maintenance.paidOrders')}</p>
      </div>
    </div>
  );
}
