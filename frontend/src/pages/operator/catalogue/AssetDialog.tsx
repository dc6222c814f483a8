import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAssetDto, AssetPatch } from '../../../../../common/catalogueAdmin';
import { ASSET_TYPES, type AssetType } from '../../../../../common/enums';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { useSaveAsset } from './api';

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
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const fields = save.error instanceof ApiError ? save.error.fields : {};

  const patch: AssetPatch = {};
  if (draft.enabled !== asset.enabled) patch.enabled = draft.enabled;
  if (draft.name !== asset.name) patch.name = draft.name;
  if ((draft.nameRu || null) !== asset.nameRu) patch.nameRu = draft.nameRu || null;
  if (draft.precision !== asset.precision) patch.precision = draft.precision;
  if (draft.type !== asset.type) patch.type = draft.type;
  if (draft.icon !== asset.icon) patch.icon = draft.icon;
  const city = draft.type === 'cash' ? draft.city.toUpperCase() || null : null;
  if (city !== asset.city) patch.city = city;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (patch.enabled === false && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    save.mutate({ code: asset.code, patch }, { onSuccess: onClose });
  }

  const input = (key: 'name' | 'nameRu' | 'icon' | 'city') => (
    <label className="operator-input">
      <span>{t(`catalogueAdmin.fields.${key}`)}</span>
      <input name={key} value={draft[key]} onChange={(event) => set(key, event.currentTarget.value)} aria-invalid={fields[key] ? true : undefined} />
      {fields[key] && <small className="catalogue-error">{fields[key]}</small>}
    </label>
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={t('catalogueAdmin.assets.editTitle', { code: asset.code })}
      footer={
        confirming ? (
          <div className="catalogue-confirm" role="alertdialog" aria-label={t('catalogueAdmin.assets.confirmDisable', { code: asset.code })}>
            <p>{t('catalogueAdmin.assets.confirmDisable', { code: asset.code })}</p>
            <Button color="accent" onClick={() => submit()} data-testid="confirm-disable">
              {t('catalogueAdmin.confirm')}
            </Button>
            <Button variant="ghost" color="secondary" onClick={() => setConfirming(false)}>
              {t('catalogueAdmin.cancel')}
            </Button>
          </div>
        ) : (
          <div className="catalogue-actions">
            <Button loading={save.isPending} disabled={Object.keys(patch).length === 0} onClick={() => submit()} data-testid="asset-save">
              {t('catalogueAdmin.save')}
            </Button>
            <Button variant="ghost" color="secondary" onClick={onClose}>
              {t('catalogueAdmin.cancel')}
            </Button>
          </div>
        )
      }
    >
      <form className="catalogue-form" onSubmit={submit}>
        <label className="catalogue-check">
          <input type="checkbox" checked={draft.enabled} onChange={(event) => set('enabled', event.currentTarget.checked)} />
          {t('catalogueAdmin.fields.enabled')}
        </label>
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
        {save.error && (
          <p className="order-notice order-notice--error" role="alert">
            {save.error.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
