import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDirectionDto, DirectionPatch } from '../../../../../common/catalogueAdmin';
import { RATE_TYPES, type RateType } from '../../../../../common/enums';
import type { Schedule } from '../../../../../common/schedule';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { useSaveDirection } from './api';
import { ScheduleEditor } from './ScheduleEditor';

type Draft = Omit<AdminDirectionDto, 'from' | 'to'>;

/** Only what differs from the direction as loaded: the PATCH body. */
function changes(original: AdminDirectionDto, draft: Draft): DirectionPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as Array<keyof Draft>) {
    if (JSON.stringify(draft[key]) !== JSON.stringify(original[key])) patch[key] = draft[key];
  }
  return patch as DirectionPatch;
}

/** Every field of one direction; disabling it asks for a confirmation first. */
export function DirectionDialog({ direction, onClose }: { direction: AdminDirectionDto; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDirection();
  const { from, to, ...initial } = direction;
  const [draft, setDraft] = useState<Draft>(initial);
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const patch = changes(direction, draft);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (patch.enabled === false && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    save.mutate({ from, to, patch }, { onSuccess: onClose });
  }

  const toggleRateType = (type: RateType, on: boolean) =>
    set('rateTypes', RATE_TYPES.filter((candidate) => (candidate === type ? on : draft.rateTypes.includes(candidate))));

  const text = (key: 'markupPercent' | 'minAmount' | 'maxAmount') => (
    <label className="operator-input">
      <span>{t(`catalogueAdmin.fields.${key}`)}</span>
      <input name={key} inputMode="decimal" value={draft[key]} onChange={(event) => set(key, event.currentTarget.value)} aria-invalid={fields[key] ? true : undefined} />
      {fields[key] && <small className="catalogue-error">{fields[key]}</small>}
    </label>
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={t('catalogueAdmin.directions.editTitle', { from, to })}
      footer={
        confirming ? (
          <div className="catalogue-confirm" role="alertdialog" aria-label={t('catalogueAdmin.directions.confirmDisable', { from, to })}>
            <p>{t('catalogueAdmin.directions.confirmDisable', { from, to })}</p>
            <Button color="accent" onClick={() => submit()} data-testid="confirm-disable">
              {t('catalogueAdmin.confirm')}
            </Button>
            <Button variant="ghost" color="secondary" onClick={() => setConfirming(false)}>
              {t('catalogueAdmin.cancel')}
            </Button>
          </div>
        ) : (
          <div className="catalogue-actions">
            <Button type="submit" loading={save.isPending} disabled={Object.keys(patch).length === 0} onClick={() => submit()} data-testid="direction-save">
              {t('catalogueAdmin.save')}
            </Button>
            <Button variant="ghost" color="secondary" onClick={onClose}>
              {t('catalogueAdmin.cancel')}
            </Button>
          </div>
        )
      }
    >
      <form className="catalogue-form" onSubmit={submit} data-testid="direction-form">
        <label className="catalogue-check">
          <input type="checkbox" checked={draft.enabled} onChange={(event) => set('enabled', event.currentTarget.checked)} />
          {t('catalogueAdmin.fields.enabled')}
        </label>
        {text('markupPercent')}
        {text('minAmount')}
        {text('maxAmount')}
        <fieldset className="catalogue-inline">
          <legend>{t('catalogueAdmin.fields.rateTypes')}</legend>
          {RATE_TYPES.map((type) => (
            <label className="catalogue-check" key={type}>
              <input type="checkbox" checked={draft.rateTypes.includes(type)} onChange={(event) => toggleRateType(type, event.currentTarget.checked)} />
              {t(`catalogueAdmin.rateTypes.${type}`)}
            </label>
          ))}
        </fieldset>
        <label className="operator-input">
          <span>{t('catalogueAdmin.fields.fixedPeriodMinutes')}</span>
          <input type="number" min={1} value={draft.fixedPeriodMinutes} onChange={(event) => set('fixedPeriodMinutes', Number(event.currentTarget.value))} />
        </label>
        <label className="catalogue-check">
          <input type="checkbox" checked={draft.oneWay} onChange={(event) => set('oneWay', event.currentTarget.checked)} />
          {t('catalogueAdmin.fields.oneWay')}
        </label>
        <label className="catalogue-check">
          <input type="checkbox" checked={draft.manual} onChange={(event) => set('manual', event.currentTarget.checked)} />
          {t('catalogueAdmin.fields.manual')}
        </label>
        {draft.manual && <ScheduleEditor value={draft.schedule} onChange={(schedule: Schedule | null) => set('schedule', schedule)} />}
        {save.error && (
          <p className="order-notice order-notice--error" role="alert">
            {save.error.message}
            {Object.entries(fields)
              .filter(([key]) => !['markupPercent', 'minAmount', 'maxAmount'].includes(key))
              .map(([key, message]) => ` ${key}: ${message}`)
              .join('')}
          </p>
        )}
      </form>
    </Modal>
  );
}
