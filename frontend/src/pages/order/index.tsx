import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { NotFoundPage } from '../../errors/NotFoundPage';
import { PageLoader } from '../../layout/PageLoader';
import { useOrderLive } from '../../orders/useOrderLive';
import type { PageProps } from '../../router/pageLoaders';
import { OrderView } from './OrderView';
import './order.css';

/**
 * `/order/:uid/:secret`: the secret authorises the page and is never shown or logged. A wrong
 * secret and a missing order both answer 404: the not-found page.
 */
export default function OrderPage({ params }: PageProps) {
  const { t } = useTranslation();
  const uid = params.uid ?? '';
  const secret = params.secret ?? '';
  const live = useOrderLive(uid, secret);

  if (live.order) {
    return <OrderView order={live.order} secret={secret} tick={live.tick} apply={live.apply} refetch={live.refetch} />;
  }
  if (live.error?.status === 404) return <NotFoundPage path={`/order/${uid}`} />;
  if (live.error) {
    return (
      <div className="container page order-page">
        <div className="card order-card order-load-error" role="alert">
          <h1 className="order-card__title">{t('order.loadError')}</h1>
          <p className="order-text">{live.error.message}</p>
          <Button onClick={live.refetch}>{t('order.retry')}</Button>
        </div>
      </div>
    );
  }
  return <PageLoader />;
}
