import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAssetDto } from '../../../../../common/catalogueAdmin';
import { Button } from '../../../components/Button';
import { PageLoader } from '../../../layout/PageLoader';
import { useAdminAssets } from './api';
import { AssetDialog } from './AssetDialog';
import '../operator.css';
import '../../order/order.css';
import './catalogue.css';

/** Every asset, enabled or not, searchable by code; each opens its edit dialog. */
export default function AssetsSection() {
  const { t } = useTranslation();
  const assets = useAdminAssets();
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<AdminAssetDto | null>(null);
  const shown = (assets.data ?? []).filter((asset) => asset.code.includes(q.toUpperCase()));
  return (
    <section className="catalogue-section" aria-label={t('console.sections.assets')}>
      <div className="operator-toolbar">
        <label className="operator-input">
          <span>{t('catalogueAdmin.assets.search')}</span>
          <input type="search" value={q} onChange={(event) => setQ(event.currentTarget.value)} data-testid="assets-search" />
        </label>
      </div>
      {assets.error && (
        <p className="order-notice order-notice--error" role="alert">
          {assets.error.message}
        </p>
      )}
      {shown.length > 0 ? (
        <div className="operator-table-wrap">
          <table className="operator-table" data-testid="assets-table">
            <thead>
              <tr>
                <th>{t('catalogueAdmin.fields.code')}</th>
                <th>{t('catalogueAdmin.fields.name')}</th>
                <th>{t('catalogueAdmin.fields.type')}</th>
                <th>{t('catalogueAdmin.fields.enabled')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {shown.map((asset) => (
                <tr key={asset.code} data-testid={`asset-${asset.code}`}>
                  <td>{asset.code}</td>
                  <td>
                    {asset.name}
                    {asset.nameRu && <span className="order-muted"> / {asset.nameRu}</span>}
                  </td>
                  <td>
                    {t(`catalogueAdmin.types.${asset.type}`)}
                    {asset.city && ` · ${asset.city}`}
                  </td>
                  <td>{asset.enabled ? t('catalogueAdmin.yes') : t('catalogueAdmin.no')}</td>
                  <td>
                    <Button size="small" variant="ghost" color="secondary" onClick={() => setEditing(asset)}>
                      {t('catalogueAdmin.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : assets.isPending ? (
        <PageLoader />
      ) : (
        !assets.error && <p className="order-muted">{t('catalogueAdmin.assets.empty')}</p>
      )}
      {editing && <AssetDialog asset={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
