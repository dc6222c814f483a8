import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReserveDto } from '../../../../../common/catalogueAdmin';
import type { ReserveMode } from '../../../../../common/catalogue';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { PageLoader } from '../../../layout/PageLoader';
import { useAdminReserves, useSaveReserve } from './api';
import '../operator.css';
import '../../order/order.css';
import './catalogue.css';

/** One asset's reserve: its mode (set by an admin or computed), the published amount, and the form. */
function ReserveRow({ reserve }: { reserve: AdminReserveDto }) {
  const { t } = useTranslation();
  const save = useSaveReserve();
  const [mode, setMode] = useState<ReserveMode>(reserve.mode);
  const [amount, setAmount] = useState(reserve.manual ?? reserve.amount);
  const error = save.error instanceof ApiError ? (save.error.fields.amount ?? save.error.message) : save.error?.message;
  const submit = () => save.mutate({ code: reserve.code, body: mode === 'manual' ? { mode, amount } : { mode } });
  return (
    <tr data-testid={`reserve-${reserve.code}`}>
      <td data-label={t('catalogueAdmin.fields.code')}>{reserve.code}</td>
      <td data-label={t('catalogueAdmin.reserves.published')} data-testid="reserve-published">
        {reserve.amount}
        <div className="order-muted">{t(`catalogueAdmin.reserves.modes.${reserve.mode}`)}</div>
      </td>
      <td data-label={t('catalogueAdmin.reserves.computed')}>{reserve.computed}</td>
      <td data-label={t('catalogueAdmin.reserves.mode')}>
        <div className="catalogue-reserve-form">
          <select className="operator-control" aria-label={t('catalogueAdmin.reserves.mode')} value={mode} onChange={(event) => setMode(event.currentTarget.value as ReserveMode)}>
            <option value="computed">{t('catalogueAdmin.reserves.modes.computed')}</option>
            <option value="manual">{t('catalogueAdmin.reserves.modes.manual')}</option>
          </select>
          {mode === 'manual' && (
            <input className="operator-control" aria-label={t('catalogueAdmin.reserves.amount')} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} />
          )}
          <Button size="small" loading={save.isPending} onClick={submit} data-testid="reserve-save">
            {t('catalogueAdmin.save')}
          </Button>
        </div>
        {error && (
          <small className="catalogue-error" role="alert">
            {error}
          </small>
        )}
      </td>
    </tr>
  );
}

/** Reserves per asset: set by an admin (manual) or the stored balance (computed); paid-out orders draw down the one published. */
export default function ReservesSection() {
  const { t } = useTranslation();
  const reserves = useAdminReserves();
  const [q, setQ] = useState('');
  const shown = (reserves.data ?? []).filter((reserve) => reserve.code.includes(q.toUpperCase()));
  return (
    <section className="catalogue-section" aria-label={t('console.sections.reserves')}>
      <div className="operator-toolbar">
        <label className="operator-input">
          <span>{t('catalogueAdmin.assets.search')}</span>
          <input type="search" value={q} onChange={(event) => setQ(event.currentTarget.value)} />
        </label>
        <span className="order-muted">{t('catalogueAdmin.reserves.hint')}</span>
      </div>
      {reserves.error && (
        <p className="order-notice order-notice--error" role="alert">
          {reserves.error.message}
        </p>
      )}
      {shown.length > 0 ? (
        <div className="operator-table-wrap">
          <table className="operator-table" data-testid="reserves-table">
            <thead>
              <tr>
                <th>{t('catalogueAdmin.fields.code')}</th>
                <th>{t('catalogueAdmin.reserves.published')}</th>
                <th>{t('catalogueAdmin.reserves.computed')}</th>
                <th>{t('catalogueAdmin.reserves.mode')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((reserve) => (
                <ReserveRow key={`${reserve.code}:${reserve.mode}:${reserve.amount}`} reserve={reserve} />
              ))}
            </tbody>
          </table>
        </div>
      ) : reserves.isPending ? (
        <PageLoader />
      ) : (
        !reserves.error && <p className="order-muted">{t('catalogueAdmin.assets.empty')}</p>
      )}
    </section>
  );
}
