/** A key's webhook delivery log (event, order, status, attempts, last answer, next attempt, time), page by page. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryDto } from '../../../../common/partnerApi';
import { PagedTable } from '../userPartner/PagedTable';
import { useShortDate } from '../userPartner/rows';
import { apiKeysApi, deliveriesKey } from './api';

const COLUMNS = ['event', 'order', 'status', 'attempts', 'last', 'nextAttempt', 'time'] as const;
const TONES: Record<WebhookDeliveryDto['status'], string> = { pending: 'warning', delivered: 'success', failed: 'danger' };

export function Deliveries({ apiKey }: { apiKey: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: deliveriesKey(apiKey),
    queryFn: ({ pageParam }) => apiKeysApi.deliveries(apiKey, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
    // Opening the log again reads it afresh: deliveries move on their own.
    refetchOnMount: 'always',
  });
  const columns = COLUMNS.map((column) => t(`apiKeys.deliveries.columns.${column}`));
  return (
    // Focusable: on wide screens the log may scroll sideways inside its row.
    <section className="api-deliveries" aria-label={t('apiKeys.deliveries.title')} tabIndex={0}>
      <PagedTable query={query} columns={columns} empty={t('apiKeys.deliveries.empty')} testId="api-deliveries">
        {(row) => <DeliveryRow key={row.eventId} row={row} columns={columns} />}
      </PagedTable>
    </section>
  );
}

function DeliveryRow({ row, columns }: { row: WebhookDeliveryDto; columns: string[] }) {
  const { t } = useTranslation();
  const shortDate = useShortDate();
  const last = [row.lastStatus === null ? t('apiKeys.deliveries.noAnswer') : String(row.lastStatus), row.lastError].filter(Boolean).join(': ');
  return (
    <tr data-testid={`api-delivery-${row.eventId}`}>
      <td data-label={columns[0]}>{row.event}</td>
      <td data-label={columns[1]}>
        <code className="api-code">{row.orderUid}</code>
      </td>
      <td data-label={columns[2]}>
        <span className={`order-badge order-badge--${TONES[row.status]}`}>{t(`apiKeys.deliveries.status.${row.status}`)}</span>
      </td>
      <td data-label={columns[3]}>{row.attempts}</td>
      <td data-label={columns[4]} className="api-break">
        {last}
      </td>
      <td data-label={columns[5]}>{row.nextAttemptAt ? shortDate(row.nextAttemptAt) : '—'}</td>
      <td data-label={columns[6]}>{shortDate(row.deliveredAt ?? row.createdAt)}</td>
    </tr>
  );
}
