import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRecordDto } from '../../../../../common/audit';
import { Button } from '../../../components/Button';
import { PageLoader } from '../../../layout/PageLoader';
import { NO_FILTERS, useAudit, type AuditFilters } from './useAudit';
import '../operator.css';

/** A value of a before/after snapshot as text (JSON for anything but a string; "—" when absent). */
function show(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields a record changed, each with its value before and after (fields it only names are left out). */
function changes(record: AuditRecordDto): { field: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(record.before ?? {}), ...Object.keys(record.after ?? {})])];
  return fields
    .map((field) => ({ field, before: show(record.before?.[field]), after: show(record.after?.[field]) }))
    .filter((change) => change.before !== change.after);
}

function AuditRow({ record }: { record: AuditRecordDto }) {
  const { t, i18n } = useTranslation();
  const who = record.actor ? (record.actor.email ?? `#${record.actor.id}`) : t('auditLog.system');
  return (
    <tr data-testid={`audit-record-${record.id}`}>
      <td data-label={t('auditLog.columns.when')}>
        <time dateTime={record.createdAt}>{new Date(record.createdAt).toLocaleString(i18n.language)}</time>
      </td>
      <td data-label={t('auditLog.columns.who')}>
        <span>{who}</span>
        {record.actor?.role && <span className="operator-muted">{t(`usersAdmin.roles.${record.actor.role}`, { defaultValue: record.actor.role })}</span>}
        {record.ip && <span className="operator-muted">{record.ip}</span>}
      </td>
      <td data-label={t('auditLog.columns.action')}>
        {i18n.exists(`auditLog.actions.${record.action}`) && <span>{t(`auditLog.actions.${record.action}`)}</span>}
        {/* The code itself: what the Action filter takes. */}
        <code className="operator-muted">{record.action}</code>
      </td>
      <td data-label={t('auditLog.columns.target')}>
        <span>{t(`auditLog.targets.${record.target.type}`, { defaultValue: record.target.type })}</span>
        <span className="operator-uid">{record.target.id}</span>
      </td>
      <td data-label={t('auditLog.columns.change')}>
        {changes(record).length === 0 ? (
          <span className="operator-muted">—</span>
        ) : (
          <ul className="audit-changes">
            {changes(record).map((change) => (
              <li key={change.field}>
                <span className="operator-muted">{change.field}:</span> {change.before} → {change.after}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/** The staff audit (admins): who changed what and when, newest first, with filters and "load more". */
export default function AuditSection() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const audit = useAudit(filters);
  const records = audit.data?.pages.flatMap((page) => page.records) ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft });
  };
  const field = (key: keyof AuditFilters, label: string, extra: { inputMode?: 'numeric'; className?: string } = {}) => (
    <label className={`operator-input ${extra.className ?? ''}`}>
      <span>{label}</span>
      <input
        name={key}
        value={draft[key]}
        inputMode={extra.inputMode}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setDraft((current) => ({ ...current, [key]: value }));
        }}
      />
    </label>
  );

  return (
    <section className="operator-console" aria-label={t('auditLog.title')}>
      <form className="operator-toolbar audit-filters" onSubmit={apply} aria-label={t('auditLog.filters')}>
        {field('action', t('auditLog.filter.action'))}
        {field('actorId', t('auditLog.filter.actor'), { inputMode: 'numeric', className: 'operator-input--short' })}
        {field('targetType', t('auditLog.filter.targetType'))}
        {field('targetId', t('auditLog.filter.targetId'))}
        <Button type="submit">{t('auditLog.filter.apply')}</Button>
      </form>
      {audit.isError && (
        <p className="order-notice order-notice--error" role="alert">
          {audit.error instanceof Error ? audit.error.message : t('auditLog.error')}{' '}
          <Button variant="ghost" color="secondary" size="small" onClick={() => void audit.refetch()}>
            {t('auditLog.retry')}
          </Button>
        </p>
      )}
      {records.length > 0 ? (
        <div className="operator-table-wrap">
          <table className="operator-table" data-testid="audit-records">
            <thead>
              <tr>
                <th>{t('auditLog.columns.when')}</th>
                <th>{t('auditLog.columns.who')}</th>
                <th>{t('auditLog.columns.action')}</th>
                <th>{t('auditLog.columns.target')}</th>
                <th>{t('auditLog.columns.change')}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <AuditRow key={record.id} record={record} />
              ))}
            </tbody>
          </table>
        </div>
      ) : audit.isPending ? (
        <PageLoader />
      ) : (
        !audit.isError && <p className="operator-muted" data-testid="audit-empty">{t('auditLog.empty')}</p>
      )}
      {audit.hasNextPage && (
        <Button variant="ghost" color="secondary" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()} data-testid="audit-more">
          {t('auditLog.loadMore')}
        </Button>
      )}
    </section>
  );
}
