import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BLACKLIST_ACTIONS,
  BLACKLIST_KINDS,
  type BlacklistAction,
  type BlacklistEntryDto,
  type BlacklistKind,
  type BlacklistList,
} from '../../../../../common/blacklist';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { ConfirmedAction } from '../ConfirmBar';
import '../operator.css';
import './blacklist.css';

const KEY = ['admin', 'blacklist'] as const;

/** `/operator/blacklist` (admins): the entries, a form to add one, removal after a confirmation. */
export default function BlacklistSection() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<BlacklistKind | ''>('');
  const list = useQuery({
    queryKey: [...KEY, kind],
    queryFn: () => api.get<BlacklistList>('/admin/blacklist', { query: { kind: kind || undefined } }),
  });
  return (
    <section className="console-blacklist" aria-label={t('blacklist.title')} data-testid="console-blacklist">
      <p className="console-blacklist__intro">{t('blacklist.intro')}</p>
      <AddEntryForm />
      <label className="operator-input">
        <span>{t('blacklist.filter')}</span>
        <select value={kind} onChange={(event) => setKind(event.currentTarget.value as BlacklistKind | '')} data-testid="blacklist-filter">
          <option value="">{t('blacklist.all')}</option>
          {BLACKLIST_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`blacklist.kinds.${value}`)}
            </option>
          ))}
        </select>
      </label>
      {list.isPending ? (
        <p>{t('blacklist.loading')}</p>
      ) : list.isError ? (
        <p className="order-notice order-notice--error" role="alert">
          {list.error instanceof ApiError ? list.error.message : t('blacklist.loadError')}
        </p>
      ) : list.data.entries.length === 0 ? (
        <p className="operator-muted" data-testid="blacklist-empty">{t('blacklist.empty')}</p>
      ) : (
        <ul className="console-blacklist__list" data-testid="blacklist-entries">
          {list.data.entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddEntryForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [kind, setKind] = useState<BlacklistKind>('wallet');
  const [action, setAction] = useState<BlacklistAction>('refuse');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const add = useMutation({
    mutationFn: () => api.post<BlacklistEntryDto>('/admin/blacklist', { kind, value, action, reason }),
    onSuccess: () => {
      setValue('');
      setReason('');
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const fields = add.error instanceof ApiError ? add.error.fields : {};
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate();
  }
  return (
    <form className="console-blacklist__form" onSubmit={submit} aria-label={t('blacklist.form.title')} data-testid="blacklist-form">
      <h2>{t('blacklist.form.title')}</h2>
      <label className="operator-input">
        <span>{t('blacklist.form.kind')}</span>
        <select value={kind} onChange={(event) => setKind(event.currentTarget.value as BlacklistKind)} name="kind">
          {BLACKLIST_KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`blacklist.kinds.${option}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="operator-input">
        <span>{t('blacklist.form.value')}</span>
        <input value={value} onChange={(event) => setValue(event.currentTarget.value)} name="value" required maxLength={255} autoComplete="off" />
        <small>{t(`blacklist.form.valueHint.${kind}`)}</small>
        {fields.value && <small role="alert">{fields.value}</small>}
      </label>
      <label className="operator-input">
        <span>{t('blacklist.form.action')}</span>
        <select value={action} onChange={(event) => setAction(event.currentTarget.value as BlacklistAction)} name="action">
          {BLACKLIST_ACTIONS.map((option) => (
            <option key={option} value={option}>
              {t(`blacklist.actions.${option}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="operator-input">
        <span>{t('blacklist.form.reason')}</span>
        <input value={reason} onChange={(event) => setReason(event.currentTarget.value)} name="reason" required maxLength={500} />
        {fields.reason && <small role="alert">{fields.reason}</small>}
      </label>
      <Button type="submit" disabled={add.isPending}>
        {t('blacklist.form.submit')}
      </Button>
      {add.isError && !fields.value && !fields.reason && (
        <p className="order-notice order-notice--error" role="alert">
          {add.error instanceof ApiError ? add.error.message : t('blacklist.loadError')}
        </p>
      )}
      {add.isSuccess && <p role="status">{t('blacklist.form.added')}</p>}
    </form>
  );
}

function EntryRow({ entry }: { entry: BlacklistEntryDto }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.delete<null>(`/admin/blacklist/${entry.id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  const shown = entry.kind === 'card' ? t('blacklist.table.card', { last4: entry.last4 }) : entry.value;
  return (
    <li className="console-blacklist__entry" data-testid={`blacklist-entry-${entry.id}`}>
      <span className="console-blacklist__kind">{t(`blacklist.kinds.${entry.kind}`)}</span>
      <code className="console-blacklist__value">{shown}</code>
      <span>{t(`blacklist.actions.${entry.action}`)}</span>
      <span className="console-blacklist__reason">{entry.reason}</span>
      <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString(i18n.language)}</time>
      <ConfirmedAction
        label={t('blacklist.remove')}
        question={t('blacklist.confirmRemove')}
        confirmLabel={t('blacklist.confirm')}
        cancelLabel={t('blacklist.cancel')}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        error={remove.isError ? (remove.error instanceof ApiError ? remove.error.message : t('blacklist.loadError')) : null}
      />
    </li>
  );
}
