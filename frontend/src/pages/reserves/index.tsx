import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { classNames } from '../../components/classNames';
import { PageHeader } from '../../layout/PageHeader';
import { useCatalogueAssets } from '../../exchange/api';
import { AssetIcon } from '../../exchange/AssetIcon';
import { formatAmount, reserveAmount } from '../../../../common/money';
import { loadRates, useLiveRates } from '../../exchange/liveRates';
import { useAssetName } from '../../exchange/useAssetName';
import { useChangedSinceFirst } from '../../exchange/useChangedSinceFirst';
import { RESERVES_SHOWN, reserveGroups } from './reserveGroups';
import type { AssetType } from '../../../../common/enums';
import type { AssetDto } from '../../../../common/catalogue';
import '../../exchange/states.css';
import './reserves.css';

const RESERVES_SCOPE = { reserves: true };

interface ReserveCardProps {
  asset: AssetDto;
  name: string;
  amount: string;
}

/** Memoised: a reserves update re-renders only the cards whose amount moved. */
const ReserveCard = memo(function ReserveCard({ asset, name, amount }: ReserveCardProps) {
  const shown = reserveAmount(amount, asset.precision);
  // Lights up (once per new amount shown) when the reserve moves, not when the card first shows.
  const changed = useChangedSinceFirst(asset.code, shown);
  return (
    <li className="reserve-card" data-code={asset.code}>
      <AssetIcon asset={asset} />
      <span className="reserve-card__text">
        <span className="reserve-card__name">{name}</span>
        <span className="reserve-card__meta">
          {asset.code}
          {asset.network && <span className="reserve-card__network">{asset.network}</span>}
        </span>
      </span>
      <span key={shown} className={classNames('reserve-card__amount', changed && 'reserve-card__amount--changed')} data-testid={`reserve-${asset.code}`}>
        {formatAmount(shown)}
        <span className="reserve-card__currency">{asset.currency}</span>
      </span>
    </li>
  );
});

/** Every reserve by type, with a search, updated live by `reserves:update` (the page watches the reserves only). */
export default function ReservesPage() {
  const { t, i18n } = useTranslation();
  const nameOf = useAssetName();
  const catalogue = useCatalogueAssets();
  const live = useLiveRates(RESERVES_SCOPE);
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState<Partial<Record<AssetType, number>>>({});
  const shownOf = (type: AssetType) => shown[type] ?? RESERVES_SHOWN;
  const failed = catalogue.isError || live.status === 'error';
  const loading = !failed && (!catalogue.data || live.status !== 'ready');
  const assets = catalogue.data?.assets;
  const groups = useMemo(() => (assets && !loading ? reserveGroups(assets, live.reserves, query) : []), [assets, loading, live.reserves, query]);
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
            {group.rows.slice(0, shownOf(group.type)).map(({ asset, amount }) => (
              <ReserveCard key={asset.code} asset={asset} name={nameOf(asset)} amount={amount} />
            ))}
          </ul>
          {group.rows.length > shownOf(group.type) && (
            <Button
              variant="ghost"
              color="secondary"
              className="reserves__more"
              onClick={() => setShown((now) => ({ ...now, [group.type]: (now[group.type] ?? RESERVES_SHOWN) + RESERVES_SHOWN }))}
            >
              {t('exchange.reserves.showMore', { count: group.rows.length - shownOf(group.type) })}
            </Button>
          )}
        </section>
      ))}
    </div>
  );
}
