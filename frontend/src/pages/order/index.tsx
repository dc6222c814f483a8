import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../layout/InfoPage';
import type { PageProps } from '../../router/pageLoaders';

/** `/order/:uid/:secret`: the secret authorises the page and is never shown or logged. */
export default function OrderPage({ params }: PageProps) {
  const { t } = useTranslation();
  return <InfoPage name="order" title={t('pages.order.titleWithId', { uid: params.uid })} />;
}
