import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boardApi } from './board/api';
import { OrderDrawer } from './board/OrderDrawer';
import { dayBound } from './board/dayBound';
import { useBoardFilters } from './board/useBoardFilters';
import './board/board.css';
import { ORDER_STATUSES, type OrderStatus } from '../../../../common/enums';
import { Button } from '../../components/Button';
import { PageLoader } from '../../layout/PageLoader';
import { operatorStatusKey } from '../../orders/status';
import { OrderRow } from './OrderRow';
import { useOperatorOrders } from './useOperatorOrders';
import '../order/order.css';
import './operator.css';

/** Filters that name an asset by its code (upper case, as the catalogue writes it). */
const CODE_FILTERS = new Set(['from', 'to', 'asset']);

/** The order board: the live order table for operators and admins. */
export default function OrdersSection() {
  const { t, i18n } = useTranslation();
  const { filters, setFilter } = useBoardFilters();
  const list = useOperatorOrders(filters, (status) => setFilter('status', status));
  const [open, setOpen] = useState<string | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const text = (name: 'from' | 'to' | 'asset' | 'q' | 'amountMin' | 'amountMax') => (
    <label className="operator-input" key={name}>
      <span>{t(`boardUi.filters.${name}`)}</span>
      <input
        name={name}
        defaultValue={filters[name] ?? ''}
        onBlur={(event) => {
          const value = event.currentTarget.value.trim();
          setFilter(name, CODE_FILTERS.has(name) ? value.toUpperCase() : value);
        }}
        data-testid={`filter-${name}`}
      />
    </label>
  );
  const day = (name: 'createdFrom' | 'createdTo') => (
    <label className="operator-input" key={name}>
      <span>{t(`boardUi.filters.${name}`)}</span>
      <input
        type="date"
        name={name}
        value={filters[name]?.slice(0, 10) ?? ''}
        onChange={(event) => setFilter(name, dayBound(event.currentTarget.value, name === 'createdTo'))}
        data-testid={`filter-${name}`}
      />
    </label>
  );
  return (
    <section className="operator-console" aria-label={t('pages.operator.title')}>
      <div className="operator-toolbar">
        <label className="operator-input">
          <span>{t('order.operator.filter')}</span>
          <select
            value={list.status}
            onChange={(event) => list.setStatus(event.currentTarget.value as OrderStatus | '')}
            data-testid="operator-filter"
          >
            <option value="">{t('order.operator.all')}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(operatorStatusKey({ status, deleteReason: null }))}
              </option>
            ))}
          </select>
        </label>
        <label className="operator-input">
          <span>{t('boardUi.filters.assigned')}</span>
          <select value={filters.assigned ?? ''} onChange={(event) => setFilter('assigned', event.currentTarget.value)} data-testid="filter-assigned">
            <option value="">{t('boardUi.filters.any')}</option>
            <option value="me">{t('boardUi.filters.me')}</option>
            <option value="none">{t('boardUi.filters.none')}</option>
          </select>
        </label>
        <label className="operator-input">
          <span>{t('boardUi.filters.seen')}</span>
          <select value={filters.seen ?? ''} onChange={(event) => setFilter('seen', event.currentTarget.value)} data-testid="filter-seen">
            <option value="">{t('boardUi.filters.any')}</option>
            <option value="no">{t('boardUi.filters.unseen')}</option>
            <option value="yes">{t('boardUi.filters.seenOnly')}</option>
          </select>
        </label>
        {text('from')}
        {text('to')}
        {text('asset')}
        {day('createdFrom')}
        {day('createdTo')}
        {text('q')}
        {text('amountMin')}
        {text('amountMax')}
        <a className="operator-csv" href={boardApi.csvUrl(filters, i18n.language)} download data-testid="operator-csv">
          {t('boardUi.csv')}
        </a>
        <span className="operator-live">{t('order.operator.live')}</span>
      </div>
      {list.error && (
        <p className="order-notice order-notice--error" role="alert">
          {list.error}
        </p>
      )}
      {list.orders.length > 0 ? (
        <div className="operator-table-wrap">
          <table className="operator-table" data-testid="operator-orders">
            <thead>
              <tr>
                <th>{t('order.operator.columns.order')}</th>
                <th>{t('order.operator.columns.created')}</th>
                <th>{t('order.operator.columns.amounts')}</th>
                <th>{t('order.operator.columns.status')}</th>
                <th>{t('boardUi.assigned')}</th>
                <th>{t('order.operator.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.orders.map((order) => (
                <OrderRow key={order.uid} order={order} onChanged={list.apply} onBoard={list.applyBoard} onOpen={setOpen} />
              ))}
            </tbody>
          </table>
        </div>
      ) : list.loading ? (
        <PageLoader />
      ) : (
        !list.error && <p className="order-muted">{t('order.operator.empty')}</p>
      )}
      {list.hasMore && (
        <Button variant="ghost" color="secondary" loading={list.loading} onClick={list.loadMore} data-testid="operator-more">
          {t('order.operator.loadMore')}
        </Button>
      )}
      {open && <OrderDrawer uid={open} onClose={close} onChanged={list.apply} onBoard={list.applyBoard} />}
    </section>
  );
}
