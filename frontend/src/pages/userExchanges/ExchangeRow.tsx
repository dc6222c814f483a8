import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { repeatExchangePath, type UserExchangeDto } from '../../../../common/userExchanges';
import { ApiError } from '../../api/ApiError';
import { Button } from '../../components/Button';
import { classNames } from '../../components/classNames';
import { formatMoney } from '../../../../common/money';
import { useAssetName } from '../../exchange/useAssetName';
import { statusKey, statusTone } from '../../orders/status';
import { userExchangesApi } from './api';

/** One order of the history: a table row on wide screens, a card with labels on narrow ones (userExchanges.css). */
export function ExchangeRow({ row }: { row: UserExchangeDto }) {
  const { t, i18n } = useTranslation();
  const name = useAssetName();
  const [, navigate] = useLocation();
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);

  // The link holds the order's secret: asked for on click, never kept in the list.
  const open = async () => {
    setOpening(true);
    setOpenError(null);
    try {
      navigate((await userExchangesApi.link(row.uid)).url);
    } catch (error) {
      setOpenError(error instanceof ApiError ? error.message : t('exchanges.openFailed'));
      setOpening(false);
    }
  };

  return (
    <tr className="exchanges-row" data-testid={`exchange-${row.uid}`} data-status={row.status}>
      <td data-label={t('exchanges.columns.id')}>
        <span className="exchanges-uid">{row.uid}</span>
      </td>
      <td data-label={t('exchanges.columns.exchange')}>
        <span className="exchanges-pair">
          {name(row.from)} → {name(row.to)}
        </span>
        <span className="exchanges-muted">
          <span className="exchanges-money">{formatMoney(row.amountSend, row.from.currency)}</span> →{' '}
          <span className="exchanges-money">{formatMoney(row.amountReceive, row.to.currency)}</span>
        </span>
      </td>
      <td data-label={t('exchanges.columns.received')}>
        {row.receivedAmount === null ? <span className="exchanges-muted">—</span> : <span className="exchanges-money">{formatMoney(row.receivedAmount, row.from.currency)}</span>}
      </td>
      <td data-label={t('exchanges.columns.income')}>
        <span className="exchanges-money">{formatMoney(row.amountReceive, row.to.currency)}</span>
      </td>
      <td data-label={t('exchanges.columns.date')}>
        <time dateTime={row.createdAt}>{new Date(row.createdAt).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}</time>
      </td>
      <td data-label={t('exchanges.columns.status')}>
        <span className={classNames('order-badge', `order-badge--${statusTone(row.status)}`)} data-testid="exchange-status">
          {t(statusKey(row))}
        </span>
      </td>
      <td data-label={t('exchanges.columns.actions')}>
        <span className="exchanges-actions">
          <Button size="small" variant="ghost" color="secondary" loading={opening} onClick={() => void open()} aria-label={t('exchanges.openLabel', { uid: row.uid })}>
            {t('exchanges.open')}
          </Button>
          <Link href={repeatExchangePath(row)} className="exchanges-repeat" aria-label={t('exchanges.repeatLabel', { uid: row.uid })}>
            {t('exchanges.repeat')}
          </Link>
        </span>
        {openError && (
          <span className="exchanges-error" role="alert">
            {openError}
          </span>
        )}
      </td>
    </tr>
  );
}
