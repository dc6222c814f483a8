/**
 * `/user/requisites`: the user's saved cards and wallets. Live: an operator's decision (or a card
 * saved from an approved order) reaches the `user:<id>` room as `requisites:changed` and the list
 * reloads; so does a reconnection.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, isLang } from '../../../../common/api';
import { assetName } from '../../../../common/catalogue';
import { ApiError } from '../../api/ApiError';
import { Button } from '../../components/Button';
import { useCatalogueAssets } from '../../exchange/api';
import { PageLoader } from '../../layout/PageLoader';
import { UserAreaLayout } from '../../layout/UserAreaLayout';
import { useRefreshOn } from '../../realtime/useRefreshOn';
import { AddRequisiteForm } from './AddRequisiteForm';
import { REQUISITES_KEY, requisitesApi } from './api';
import { RequisiteItem } from './RequisiteItem';
import '../order/order.css';
import './requisites.css';

export default function UserRequisitesPage() {
  return (
    <UserAreaLayout name="userRequisites">
      <Requisites />
    </UserAreaLayout>
  );
}

function Requisites() {
  const { t, i18n } = useTranslation();
  const query = useQuery({ queryKey: REQUISITES_KEY, queryFn: requisitesApi.list });
  const catalogue = useCatalogueAssets();
  useRefreshOn('requisites:changed', REQUISITES_KEY);
  const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const assetLabel = (code: string) => {
    const asset = catalogue.data?.assets.find((entry) => entry.code === code);
    return asset ? assetName(asset, lang) : code;
  };

  let list;
  if (query.isPending) list = <PageLoader />;
  else if (query.isError) {
    list = (
      <div className="order-notice order-notice--error" role="alert">
        <p>{query.error instanceof ApiError ? query.error.message : t('requisites.loadError')}</p>
        <Button variant="ghost" color="secondary" onClick={() => void query.refetch()}>
          {t('requisites.retry')}
        </Button>
      </div>
    );
  } else if (query.data.requisites.length === 0) {
    list = (
      <p className="order-muted" data-testid="requisites-empty">
        {t('requisites.empty')}
      </p>
    );
  } else {
    list = (
      <ul className="requisites-list" data-testid="requisites-list">
        {query.data.requisites.map((requisite) => (
          <RequisiteItem key={requisite.id} requisite={requisite} assetLabel={assetLabel(requisite.asset)} />
        ))}
      </ul>
    );
  }

  return (
    <div className="requisites">
      <p>{t('requisites.intro')}</p>
      <section aria-label={t('requisites.listTitle')}>
        <h2>{t('requisites.listTitle')}</h2>
        {list}
      </section>
      <AddRequisiteForm assets={catalogue.data?.assets ?? []} />
    </div>
  );
}
