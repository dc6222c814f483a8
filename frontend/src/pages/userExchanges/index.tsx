import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_FILTERS, type HistoryFilter } from '../../../../common/userExchanges';
import { Button } from '../../components/Button';
import { PageLoader } from '../../layout/PageLoader';
import { UserAreaLayout } from '../../layout/UserAreaLayout';
import { useSessionStore } from '../../stores/session';
import { ExchangeRow } from './ExchangeRow';
import { useUserExchanges } from './useUserExchanges';
import '../order/order.css';
import './userExchanges.css';

/** `/user/exchanges`: the user's orders, newest first, by status filter, live (spec §2–§4). */
export default function UserExchangesPage() {
  const { t } = useTranslation();
  const userId = useSessionStore((state) => state.user?.id ?? null);
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const list = useUserExchanges(filter, userId);
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <UserAreaLayout name="userExchanges">
      <section className="exchanges" aria-label={t('exchanges.title')}>
        <div className="exchanges-filters" role="group" aria-label={t('exchanges.filter.label')}>
          {HISTORY_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={value === filter ? 'exchanges-filter exchanges-filter--active' : 'exchanges-filter'}
              aria-pressed={value === filter}
              onClick={() => setFilter(value)}
            >
              {t(`exchanges.filter.${value}`)}
            </button>
          ))}
        </div>
        {list.isError && (
          <div className="exchanges-state" role="alert">
            <p>{list.error instanceof Error ? list.error.message : t('exchanges.error')}</p>
            <Button variant="ghost" color="secondary" size="small" onClick={() => void list.refetch()}>
              {t('exchanges.retry')}
            </Button>
          </div>
        )}
        {rows.length > 0 ? (
          <table className="exchanges-table" data-testid="exchanges">
            <thead>
              <tr>
                <th scope="col">{t('exchanges.columns.id')}</th>
                <th scope="col">{t('exchanges.columns.exchange')}</th>
                <th scope="col">{t('exchanges.columns.received')}</th>
                <th scope="col">{t('exchanges.columns.income')}</th>
                <th scope="col">{t('exchanges.columns.date')}</th>
                <th scope="col">{t('exchanges.columns.status')}</th>
                <th scope="col">{t('exchanges.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ExchangeRow key={row.uid} row={row} />
              ))}
            </tbody>
          </table>
        ) : list.isPending ? (
          <PageLoader />
        ) : (
          !list.isError && (
            <div className="exchanges-state" data-testid="exchanges-empty">
              <p className="exchanges-state__title">{t('exchanges.empty.title')}</p>
              <p>{t('exchanges.empty.text')}</p>
            </div>
          )
        )}
        {list.hasNextPage && (
          <Button variant="ghost" color="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('exchanges.more')}
          </Button>
        )}
      </section>
    </UserAreaLayout>
  );
}
