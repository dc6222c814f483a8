import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDirectionDto, DirectionPatch } from '../../../../../common/catalogueAdmin';
import { RATE_TYPES, type RateType } from '../../../../../common/enums';
import type { Schedule } from '../../../../../common/schedule';
import { useSaveDirection } from './api';
import { CatalogueCheck, CatalogueDialog, CatalogueField, fieldErrors } from './CatalogueDialog';
import { ScheduleEditor } from './ScheduleEditor';

type Draft = Omit<AdminDirectionDto, 'from' | 'to'>;

/** The fields with an input of their own: their refusals show under them. */
const TEXT_FIELDS = ['markupPercent', 'minAmount', 'maxAmount'] as const;

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
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const fields = fieldErrors(save.error);
  const patch = changes(direction, draft);

  const toggleRateType = (type: RateType, on: boolean) =>
    set('rateTypes', RATE_TYPES.filter((candidate) => (candidate === type ? on : draft.rateTypes.includes(candidate))));

  return (
    <CatalogueDialog
      title={t('catalogueAdmin.directions.editTitle', { from, to })}
      confirmDisable={t('catalogueAdmin.directions.confirmDisable', { from, to })}
      disabling={patch.enabled === false}
      changed={Object.keys(patch).length > 0}
      save={save}
      errorDetail={Object.entries(fields)
        .filter(([key]) => !(TEXT_FIELDS as readonly string[]).includes(key))
        .map(([key, message]) => ` ${key}: ${message}`)
        .join('')}
      onSave={() => save.mutate({ from, to, patch }, { onSuccess: onClose })}
      onClose={onClose}
      saveTestId="direction-save"
      formTestId="direction-form"
    >
      <CatalogueCheck label={t('catalogueAdmin.fields.enabled')} checked={draft.enabled} onChange={(checked) => set('enabled', checked)} />
      {TEXT_FIELDS.map((key) => (
        <CatalogueField
          key={key}
          name={key}
          label={t(`catalogueAdmin.fields.${key}`)}
          inputMode="decimal"
          value={draft[key]}
          onChange={(value) => set(key, value)}
          error={fields[key]}
        />
      ))}
      <fieldset className="catalogue-inline">
        <legend>{t('catalogueAdmin.fields.rateTypes')}</legend>
        {RATE_TYPES.map((type) => (
          <CatalogueCheck key={type} label={t(`catalogueAdmin.rateTypes.${type}`)} checked={draft.rateTypes.includes(type)} onChange={(on) => toggleRateType(type, on)} />
        ))}
      </fieldset>
      <label className="operator-input">
        <span>{t('catalogueAdmin.fields.fixedPeriodMinutes')}</span>
        <input type="number" min={1} value={draft.fixedPeriodMinutes} onChange={(event) => set('fixedPeriodMinutes', Number(event.currentTarget.value))} />
      </label>
      <CatalogueCheck label={t('catalogueAdmin.fields.oneWay')} checked={draft.oneWay} onChange={(checked) => set('oneWay', checked)} />
      <CatalogueCheck label={t('catalogueAdmin.fields.manual')} checked={draft.manual} onChange={(checked) => set('manual', checked)} />
      {draft.manual && <ScheduleEditor value={draft.schedule} onChange={(schedule: Schedule | null) => set('schedule', schedule)} />}
    </CatalogueDialog>
  );
}
