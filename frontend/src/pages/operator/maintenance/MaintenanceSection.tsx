import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MaintenanceState } from '../../../../../common/api';
import { api } from '../../../api/client';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { PageLoader } from '../../../layout/PageLoader';
import '../console.css';

export const MAINTENANCE_KEY = ['admin', 'maintenance'] as const;

/** Admins: technical maintenance on or off (confirmed), with what is in force now. */
export default function MaintenanceSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: MAINTENANCE_KEY, queryFn: () => api.get<MaintenanceState>('/admin/maintenance') });
  const [asking, setAsking] = useState<boolean | null>(null);
  const change = useMutation({
    mutationFn: (enabled: boolean) => api.put<MaintenanceState>('/admin/maintenance', { enabled }),
    onSuccess: (next) => queryClient.setQueryData(MAINTENANCE_KEY, next),
    onSettled: () => setAsking(null),
  });

  if (state.isPending) return <PageLoader />;
  if (state.isError) {
    return (
      <p role="alert" className="payments-error">
        {t('maintenanceAdmin.loadError')}
      </p>
    );
  }
  const current = state.data;
  return (
    <section aria-label={t('maintenanceAdmin.title')} className="maintenance-admin">
      <h2>{t('maintenanceAdmin.title')}</h2>
      <p data-testid="maintenance-state" role="status">
        {t(current.enabled ? 'maintenanceAdmin.stateOn' : 'maintenanceAdmin.stateOff')}
      </p>
      {current.forced && <p data-testid="maintenance-forced">{t('maintenanceAdmin.forced')}</p>}
      <p>{t('maintenanceAdmin.explain')}</p>
      <Button
        color={current.stored ? 'primary' : 'accent'}
        onClick={() => setAsking(!current.stored)}
        data-testid="maintenance-toggle"
      >
        {t(current.stored ? 'maintenanceAdmin.turnOff' : 'maintenanceAdmin.turnOn')}
      </Button>
      {change.isError && (
        <p role="alert" className="payments-error">
          {change.error.message}
        </p>
      )}
      <Modal
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={t(asking ? 'maintenanceAdmin.confirmOnTitle' : 'maintenanceAdmin.confirmOffTitle')}
        size="small"
        footer={
          <>
            <Button variant="ghost" onClick={() => setAsking(null)}>
              {t('maintenanceAdmin.cancel')}
            </Button>
            <Button loading={change.isPending} onClick={() => asking !== null && change.mutate(asking)} data-testid="maintenance-confirm">
              {t(asking ? 'maintenanceAdmin.turnOn' : 'maintenanceAdmin.turnOff')}
            </Button>
          </>
        }
      >
        <p>{t(asking ? 'maintenanceAdmin.confirmOn' : 'maintenanceAdmin.confirmOff')}</p>
      </Modal>
    </section>
  );
}
