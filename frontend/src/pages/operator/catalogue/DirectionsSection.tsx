import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDirectionDto } from '../../../../../common/catalogueAdmin';
import { Button } from '../../../components/Button';
import { PageLoader } from '../../../layout/PageLoader';
import { useAdminDirections } from './api';
import { DirectionDialog } from './DirectionDialog';
import '../operator.css';
import '../../order/order.css';
import './catalogue.css';

/** Every direction, searchable by code, paged; each opens a dialog with all its settings. */
export default function DirectionsSection() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminDirectionDto | null>(null);
  const list = useAdminDirections({ q, page });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section className="catalogue-section" aria-label={t('console.sections.directions')}>
      <div className="operator-toolbar">
        <label className="operator-input">
          <span>{t('catalogueAdmin.directions.search')}</span>
          <input
            type="search"
            value={q}
            maxLength={50}
            onChange={(event) => {
              setQ(event.currentTarget.value.replace(/[^A-Za-z0-9 >]/g, ''));
              setPage(1);
            }}
            data-testid="directions-search"
          />
        </label>
        {data && <span className="order-muted">{t('catalogueAdmin.directions.total', { count: data.total })}</span>}
      </div>
      {list.error && (
        <p className="order-notice order-notice--error" role="alert">
          {list.error.message}
        </p>
      )}
      {data && data.directions.length > 0 ? (
        <div className="operator-table-wrap">
          <table className="operator-table" data-testid="directions-table">
            <thead>
              <tr>
                <th>{t('catalogueAdmin.fields.direction')}</th>
                <th>{t('catalogueAdmin.fields.enabled')}</th>
                <th>{t('catalogueAdmin.fields.markupPercent')}</th>
                <th>{t('catalogueAdmin.fields.limits')}</th>
                <th>{t('catalogueAdmin.fields.manual')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.directions.map((direction) => (
                <tr key={`${direction.from}>${direction.to}`} data-testid={`direction-${direction.from}-${direction.to}`}>
                  <td>
                    {direction.from} → {direction.to}
                  </td>
                  <td>{direction.enabled ? t('catalogueAdmin.yes') : t('catalogueAdmin.no')}</td>
                  <td>{direction.markupPercent}%</td>
                  <td>
                    {direction.minAmount} – {direction.maxAmount}
                  </td>
                  <td>{direction.manual ? (direction.schedule ? t('catalogueAdmin.manualScheduled') : t('catalogueAdmin.yes')) : t('catalogueAdmin.no')}</td>
                  <td>
                    <Button size="small" variant="ghost" color="secondary" onClick={() => setEditing(direction)}>
                      {t('catalogueAdmin.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : list.isPending ? (
        <PageLoader />
      ) : (
        !list.error && <p className="order-muted">{t('catalogueAdmin.directions.empty')}</p>
      )}
      {pages > 1 && (
        <div className="catalogue-actions">
          <Button size="small" variant="ghost" color="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('catalogueAdmin.previous')}
          </Button>
          <span className="order-muted">{t('catalogueAdmin.page', { page, pages })}</span>
          <Button size="small" variant="ghost" color="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)} data-testid="directions-next">
            {t('catalogueAdmin.next')}
          </Button>
        </div>
      )}
      {editing && <DirectionDialog direction={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
