import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { PageHeader } from '../../layout/PageHeader';
import { useCatalogueAssets } from '../../exchange/api';
import { AssetIcon } from '../../exchange/AssetIcon';
import { formatAmount } from '../../../../common/money';
import { loadRates, useLiveRates } from '../../exchange/liveRates';
import { useAssetName } from '../../exchange/useAssetName';
import { reserveGroups } from './reserveGroups';
import '../../exchange/states.css';
import './reserves.css';

const RESERVES_SCOPE = { reserves: true };

/** Every reserve by type, with a search, updated live by `reserves:update` (the page watches the reserves only). */
export default function ReservesPage() {
  const { t, i18n } = useTranslation();
  const nameOf = useAssetName();
  const catalogue = useCatalogueAssets();
  const live = useLiveRates(RESERVES_SCOPE);
  const [query, setQuery] = useState('');
  const failed = catalogue.isError || live.status === 'error';
  const loading = !failed && (!catalogue.data || live.status !== 'ready');
  const groups = catalogue.data && !loading ? reserveGroups(catalogue.data.assets, live.reserves, query) : [];
  const updated = live.updatedAt
    ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(live.updatedAt))
    : null;

  return (
    <div className="container page reserves">
      <PageHeader name="reserves">
        {updated && (
          <p className="reserves__updated" data-testid="reserves-updated">
            <span className="pulse-dot" aria-hidden="true" />
            {t('exchange.reserves.updated', { time: updated })}
          </p>
        )}
      </PageHeader>
      <div className="reserves__toolbar">
        <input
          type="search"
          className="reserves__search"
          aria-label={t('exchange.reserves.search')}
          placeholder={t('exchange.reserves.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {failed && (
        <div className="exchange-state" role="alert">
          <p className="exchange-state__title">{t('exchange.reserves.error')}</p>
          <p className="exchange-state__text">{catalogue.error?.message ?? live.error}</p>
          <Button
            variant="ghost"
            color="secondary"
            onClick={() => {
              if (catalogue.isError) void catalogue.refetch();
              if (live.status === 'error') void loadRates();
            }}
          >
            {t('exchange.states.retry')}
          </Button>
        </div>
      )}
      {loading && (
        <div className="reserves__skeleton" role="status">
          <span className="visually-hidden">{t('exchange.states.loading')}</span>
          {Array.from({ length: 6 }, (_, index) => (
            <span key={index} className="skeleton skeleton--row" />
          ))}
        </div>
      )}
      {!loading && !failed && groups.length === 0 && (
        <p className="reserves__empty" role="status">
          {t(query.trim() ? 'exchange.reserves.empty' : 'exchange.reserves.none')}
        </p>
      )}
      {groups.map((group) => (
        <section key={group.type} className="reserves__group" aria-labelledby={`reserves-${group.type}`}>
          <h2 className="reserves__group-title" id={`reserves-${group.type}`}>
            {t(`exchange.reserves.groups.${group.type}`)}
            <span className="reserves__count">{group.rows.length}</span>
          </h2>
          <ul className="reserves__list">
            {group.rows.map(({ asset, amount }) => (
              <li key={asset.code} className="reserve-card" data-code={asset.code}>
                <AssetIcon asset={asset} />
                <span className="reserve-card__text">
                  <span className="reserve-card__name">{nameOf(asset)}</span>
                  <span className="reserve-card__meta">
                    {asset.code}
                    {asset.network && <span className="reserve-card__network">{asset.network}</span>}
                  </span>
                </span>
                <span key={amount} className="reserve-card__amount" data-testid={`reserve-${asset.code}`}>
                  {formatAmount(amount)}
                  <span className="reserve-card__currency">{asset.currency}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
