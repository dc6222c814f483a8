import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDirectionDto } from '../../../../../common/catalogueAdmin';
import { Button } from '../../../components/Button';
import { useAdminDirections } from './api';
import { CatalogueList, type CatalogueColumn } from './CatalogueList';
import { DirectionDialog } from './DirectionDialog';

/** Every direction, searchable by code, paged; each opens a dialog with all its settings. */
export default function DirectionsSection() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminDirectionDto | null>(null);
  const list = useAdminDirections({ q, page });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const columns: CatalogueColumn<AdminDirectionDto>[] = [
    { label: t('catalogueAdmin.fields.direction'), cell: (direction) => `${direction.from} → ${direction.to}` },
    { label: t('catalogueAdmin.fields.enabled'), cell: (direction) => (direction.enabled ? t('catalogueAdmin.yes') : t('catalogueAdmin.no')) },
    { label: t('catalogueAdmin.fields.markupPercent'), cell: (direction) => `${direction.markupPercent}%` },
    { label: t('catalogueAdmin.fields.limits'), cell: (direction) => `${direction.minAmount} – ${direction.maxAmount}` },
    {
      label: t('catalogueAdmin.fields.manual'),
      cell: (direction) =>
        direction.manual ? (direction.schedule ? t('catalogueAdmin.manualScheduled') : t('catalogueAdmin.yes')) : t('catalogueAdmin.no'),
    },
  ];
  return (
    <CatalogueList
      label={t('console.sections.directions')}
      search={{
        label: t('catalogueAdmin.directions.search'),
        value: q,
        maxLength: 50,
        onChange: (value) => {
          setQ(value.replace(/[^A-Za-z0-9 >]/g, ''));
          setPage(1);
        },
        testId: 'directions-search',
      }}
      summary={data && <span className="order-muted">{t('catalogueAdmin.directions.total', { count: data.total })}</span>}
      query={list}
      rows={data?.directions ?? []}
      columns={columns}
      rowKey={(direction) => `${direction.from}>${direction.to}`}
      rowTestId={(direction) => `direction-${direction.from}-${direction.to}`}
      tableTestId="directions-table"
      onEdit={setEditing}
      empty={t('catalogueAdmin.directions.empty')}
    >
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
    </CatalogueList>
  );
}
