/**
 * `/user-actions/verification` (signed in): the KYC status, live, and while a submission is
 * open (none yet, or a refusal that is not final) the document and selfie form.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { KycStatusDto } from '../../../../common/kyc';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { applyKycStatus, setKycStatusData, useKycStatus } from '../../kyc/useKycStatus';
import { CardGrid } from '../../layout/CardGrid';
import { PageHeader } from '../../layout/PageHeader';
import { KycForm } from './KycForm';
import '../../accounts/accounts.css';
import '../order/order.css';
import './verification.css';

function StatusPanel({ data }: { data: KycStatusDto }) {
  const { t } = useTranslation();
  return (
    <section className="kyc-status" aria-label={t('kyc.page.statusLabel')}>
      <span className={`profile-badge profile-badge--${data.status}`} data-testid="kyc-page-status">
        {t(`auth.profile.kycStatus.${data.status}`)}
      </span>
      {data.status === 'check' && <p>{t('kyc.page.checkText')}</p>}
      {data.status === 'approve' && <p>{t('kyc.page.approveText')}</p>}
      {data.status === 'blocked' && (
        <>
          {data.reason && <p data-testid="kyc-reason">{t('kyc.page.reason', { reason: data.reason })}</p>}
          <p>{t(data.final ? 'kyc.page.finalText' : 'kyc.page.retryText')}</p>
        </>
      )}
    </section>
  );
}

export default function VerificationPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useKycStatus();
  const open = query.data && (query.data.status === 'none' || (query.data.status === 'blocked' && !query.data.final));
  return (
    <div className="container page verification">
      <PageHeader name="verification" />
      <p className="verification__intro">{t('kyc.page.intro')}</p>
      {query.isPending && (
        <p className="verification__loading" role="status">
          <Spinner size="small" /> {t('kyc.page.loading')}
        </p>
      )}
      {query.isError && (
        <div className="order-notice order-notice--error" role="alert">
          <p>{t('kyc.page.loadError')}</p>
          <Button variant="ghost" color="secondary" onClick={() => void query.refetch()}>
            {t('kyc.page.retry')}
          </Button>
        </div>
      )}
      {query.data && <StatusPanel data={query.data} />}
      {open && (
        <KycForm
          onSubmitted={(status) => {
            setKycStatusData(queryClient, status);
            applyKycStatus('check');
          }}
        />
      )}
      <Button href="/user/profile" variant="ghost" color="secondary" size="small">
        {t('kyc.page.profileLink')}
      </Button>
      <CardGrid listKey="pages.verification.benefits" />
    </div>
  );
}
