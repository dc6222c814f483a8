import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/publicConfig';
import './maintenanceNotice.css';

/**
 * The technical maintenance notice on every page while maintenance is on: PublicConfig.maintenance,
 * kept current by the `maintenance:changed` socket event (realtime/socket.ts), so open pages
 * switch without a reload.
 */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  if (!config?.maintenance) return null;
  return (
    <div className="maintenance-notice" role="status" data-testid="maintenance-notice">
      {t('maintenanceAdmin.notice')}
    </div>
  );
}
