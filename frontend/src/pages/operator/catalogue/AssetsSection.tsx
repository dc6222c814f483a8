import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAssetDto } from '../../../../../common/catalogueAdmin';
import { useAdminAssets } from './api';
import { AssetDialog } from './AssetDialog';
import { CatalogueList, type CatalogueColumn } from './CatalogueList';

/** Every asset, enabled or not, searchable by code; each opens its edit dialog. */
export default function AssetsSection() {
  const { t } = useTranslation();
  const assets = useAdminAssets();
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<AdminAssetDto | null>(null);
  const shown = (assets.data ?? []).filter((asset) => asset.code.includes(q.toUpperCase()));
  const columns: CatalogueColumn<AdminAssetDto>[] = [
    { label: t('catalogueAdmin.fields.code'), cell: (asset) => asset.code },
    {
      label: t('catalogueAdmin.fields.name'),
      cell: (asset) => (
        <>
          {asset.name}
          {asset.nameRu && <span className="order-muted"> / {asset.nameRu}</span>}
        </>
      ),
    },
    { label: t('catalogueAdmin.fields.type'), cell: (asset) => `${t(`catalogueAdmin.types.${asset.type}`)}${asset.city ? ` · ${asset.city}` : ''}` },
    { label: t('catalogueAdmin.fields.enabled'), cell: (asset) => (asset.enabled ? t('catalogueAdmin.yes') : t('catalogueAdmin.no')) },
  ];
  return (
    <CatalogueList
      label={t('console.sections.assets')}
      search={{ label: t('catalogueAdmin.assets.search'), value: q, onChange: setQ, testId: 'assets-search' }}
      query={assets}
      rows={shown}
      columns={columns}
      rowKey={(asset) => asset.code}
      rowTestId={(asset) => `asset-${asset.code}`}
      tableTestId="assets-table"
      onEdit={setEditing}
      empty={t('catalogueAdmin.assets.empty')}
    >
      {editing && <AssetDialog asset={editing} onClose={() => setEditing(null)} />}
    </CatalogueList>
  );
}
