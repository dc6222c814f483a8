/** In the console's user detail (admins): the partner's own percent; empty returns them to the tier table. */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { withdrawalsApi } from './api';

export function PartnerPercent({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState('');
  const save = useMutation({ mutationFn: (value: string | null) => withdrawalsApi.partnerPercent(userId, value) });
  const refusal = save.error instanceof ApiError ? (save.error.fields.percent ?? save.error.message) : save.isError ? t('withdrawalsAdmin.actionError') : null;
  function submit(event: FormEvent): void {
    event.preventDefault();
    save.mutate(percent.trim() || null);
  }
  return (
    <form className="console-users__actions" onSubmit={submit} aria-label={t('withdrawalsAdmin.percent.title')} data-testid="partner-percent">
      <h2>{t('withdrawalsAdmin.percent.title')}</h2>
      <label className="operator-input">
        <span>{t('withdrawalsAdmin.percent.label')}</span>
        <input inputMode="decimal" name="percent" value={percent} onChange={(event) => setPercent(event.currentTarget.value)} placeholder={t('withdrawalsAdmin.percent.placeholder')} />
      </label>
      <p className="operator-muted">{t('withdrawalsAdmin.percent.hint')}</p>
      <Button type="submit" loading={save.isPending}>
        {t('withdrawalsAdmin.percent.save')}
      </Button>
      {save.isSuccess && (
        <p className="order-notice" role="status">
          {save.variables === null ? t('withdrawalsAdmin.percent.cleared') : t('withdrawalsAdmin.percent.saved', { percent: save.variables })}
        </p>
      )}
      {refusal && (
        <p className="order-notice order-notice--error" role="alert">
          {refusal}
        </p>
      )}
    </form>
  );
}
