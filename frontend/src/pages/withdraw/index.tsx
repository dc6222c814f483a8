/**
 * `/user-actions/withdraw`: a withdrawal of the partner's reward. The form (asset, USDT amount,
 * where to, the 2FA code when 2FA is on), then a review of the quote — the USDT taken off the
 * balance and what is paid in the asset — before "Confirm".
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { PageHeader } from '../../layout/PageHeader';
import { PageLoader } from '../../layout/PageLoader';
import { apiErrorText } from '../userPartner/errors';
import { hasFunds, usePartnerSummary } from '../userPartner/SummaryPanel';
import { PARTNER_PATH, WithdrawForm } from './WithdrawForm';
import '../order/order.css';
import '../userExchanges/userExchanges.css';
import '../userPartner/partner.css';

export default function WithdrawPage() {
  const { t } = useTranslation();
  const summary = usePartnerSummary();
  let content;
  if (summary.isPending) content = <PageLoader />;
  else if (summary.isError) {
    content = (
      <div className="exchanges-state" role="alert">
        <p>{apiErrorText(summary.error, t, t('partner.loadError'))}</p>
        <Button variant="ghost" color="secondary" size="small" onClick={() => void summary.refetch()}>
          {t('partner.retry')}
        </Button>
      </div>
    );
  } else if (!hasFunds(summary.data)) {
    content = (
      <div className="exchanges-state" data-testid="withdraw-no-funds">
        <p className="exchanges-state__title">{t('partner.errors.no_funds')}</p>
        <Button variant="ghost" color="secondary" size="small" href={PARTNER_PATH}>
          {t('partner.withdraw.back')}
        </Button>
      </div>
    );
  } else content = <WithdrawForm summary={summary.data} />;
  return (
    <div className="container page">
      <PageHeader name="withdraw" />
      {content}
    </div>
  );
}
