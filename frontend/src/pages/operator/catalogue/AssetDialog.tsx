import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAssetDto, AssetPatch } from '../../../../../common/catalogueAdmin';
import { ASSET_TYPES, type AssetType } from '../../../../../common/enums';
import { useSaveAsset } from './api';
import { CatalogueCheck, CatalogueDialog, CatalogueField, fieldErrors } from './CatalogueDialog';

interface Draft {
  enabled: boolean;
  name: string;
  nameRu: string;
  precision: number;
  type: AssetType;
  icon: string;
  city: string;
}

/** One asset: names in both languages, precision, type, icon, the city of a cash desk; disabling asks first. */
export function AssetDialog({ asset, onClose }: { asset: AdminAssetDto; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAsset();
  const [draft, setDraft] = useState<Draft>({ ...asset, nameRu: asset.nameRu ?? '', city: asset.city ?? '' });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const fields = fieldErrors(save.error);

  const patch: AssetPatch = {};
  if (draft.enabled !== asset.enabled) patch.enabled = draft.enabled;
  if (draft.name !== asset.name) patch.name = draft.name;
  if ((draft.nameRu || null) !== asset.nameRu) patch.nameRu = draft.nameRu || null;
  if (draft.precision !== asset.precision) patch.precision = draft.precision;
  if (draft.type !== asset.type) patch.type = draft.type;
  if (draft.icon !== asset.icon) patch.icon = draft.icon;
  const city = draft.type === 'cash' ? draft.city.toUpperCase() || null : null;
  if (city !== asset.city) patch.city = city;

  const input = (key: 'name' | 'nameRu' | 'icon' | 'city') => (
    <CatalogueField name={key} label={t(`catalogueAdmin.fields.${key}`)} value={draft[key]} onChange={(value) => set(key, value)} error={fields[key]} />
  );

  return (
    <CatalogueDialog
      title={t('catalogueAdmin.assets.editTitle', { code: asset.code })}
      confirmDisable={t('catalogueAdmin.assets.confirmDisable', { code: asset.code })}
      disabling={patch.enabled === false}
      changed={Object.keys(patch).length > 0}
      save={save}
      onSave={() => save.mutate({ code: asset.code, patch }, { onSuccess: onClose })}
      onClose={onClose}
      saveTestId="asset-save"
    >
      <CatalogueCheck label={t('catalogueAdmin.fields.enabled')} checked={draft.enabled} onChange={(checked) => set('enabled', checked)} />
      {input('name')}
      {input('nameRu')}
      <label className="operator-input">
        <span>{t('catalogueAdmin.fields.type')}</span>
        <select value={draft.type} onChange={(event) => set('type', event.currentTarget.value as AssetType)}>
          {ASSET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`catalogueAdmin.types.${type}`)}
            </option>
          ))}
        </select>
      </label>
      {draft.type === 'cash' && input('city')}
      <label className="operator-input">
        <span>{t('catalogueAdmin.fields.precision')}</span>
        <input type="number" min={0} max={18} value={draft.precision} onChange={(event) => set('precision', Number(event.currentTarget.value))} />
      </label>
      {input('icon')}
    </CatalogueDialog>
  );
}
