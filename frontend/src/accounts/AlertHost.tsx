import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlerts, type Alert } from './alerts';
import './accounts.css';

/** How long a success alert stays; errors stay until dismissed. */
export const ALERT_VISIBLE_MS = 6000;

function AlertItem({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const dismiss = useAlerts((state) => state.dismiss);
  useEffect(() => {
    if (alert.tone === 'error') return;
    const timer = window.setTimeout(() => dismiss(alert.id), ALERT_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [alert, dismiss]);
  return (
    <div className={`account-alert account-alert--${alert.tone}`} role={alert.tone === 'error' ? 'alert' : 'status'} data-testid="account-alert">
      <span className="account-alert__icon" aria-hidden="true">
        {alert.tone === 'success' ? '✓' : alert.tone === 'error' ? '!' : 'i'}
      </span>
      <span className="account-alert__message">{alert.message}</span>
      <button type="button" className="account-alert__close" aria-label={t('auth.alerts.close')} onClick={() => dismiss(alert.id)}>
        ×
      </button>
    </div>
  );
}

/** The stack of alerts, top right on desktop, full width on phones. */
export function AlertHost() {
  const alerts = useAlerts((state) => state.alerts);
  return (
    <div className="account-alerts" aria-live="polite">
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} />
      ))}
    </div>
  );
}
