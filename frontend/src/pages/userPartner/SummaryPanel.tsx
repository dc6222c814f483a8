/** The top of the partner page: the referral link with its QR code, the balance, the percent and the tier. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PartnerSummary } from '../../../../common/referral';
import { compareDecimals } from '../../../../common/rateMath';
import { routeByName } from '../../../../common/routes';
import { Button } from '../../components/Button';
import { formatMoney } from '../../../../common/money';
import { PageLoader } from '../../layout/PageLoader';
import { CopyValue } from '../order/CopyValue';
import { PaymentQr } from '../order/PaymentQr';
import { PARTNER_SUMMARY_KEY, partnerApi } from './api';
import { apiErrorText } from './errors';

export const WITHDRAW_PATH = routeByName('withdraw').path;

/** Whether anything can be withdrawn (big.js: never a JS number). */
export function hasFunds(summary: Pick<PartnerSummary, 'available'>): boolean {
  return compareDecimals(summary.available, '0') > 0;
}

export function usePartnerSummary() {
  return useQuery({ queryKey: PARTNER_SUMMARY_KEY, queryFn: partnerApi.summary, retry: false });
}

export function PartnerSummaryPanel() {
  const { t } = useTranslation();
  const query = usePartnerSummary();
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <div className="exchanges-state" role="alert" data-testid="partner-summary-error">
        <p>{apiErrorText(query.error, t, t('partner.loadError'))}</p>
        <Button variant="ghost" color="secondary" size="small" onClick={() => void query.refetch()}>
          {t('partner.retry')}
        </Button>
      </div>
    );
  }
  const summary = query.data;
  const funds = hasFunds(summary);
  return (
    <section className="partner-summary" aria-label={t('partner.summary.title')} data-testid="partner-summary">
      <div className="partner-link">
        <dl className="partner-link__value">
          <CopyValue name={t('partner.summary.link')} value={summary.link} testId="partner-link" />
        </dl>
        <PaymentQr text={summary.link} label={t('partner.summary.qr')} />
        <p className="exchanges-muted">{t('partner.summary.linkHint')}</p>
      </div>
      <dl className="partner-facts">
        <div>
          <dt>{t('partner.summary.available')}</dt>
          <dd data-testid="partner-available">{formatMoney(summary.available, summary.currency)}</dd>
        </div>
        <div>
          <dt>{t('partner.summary.pending')}</dt>
          <dd data-testid="partner-pending">{formatMoney(summary.pending, summary.currency)}</dd>
        </div>
        <div>
          <dt>{t('partner.summary.percent')}</dt>
          <dd data-testid="partner-percent">
            {summary.percent} %{summary.percentOverride && <span className="exchanges-muted">{t('partner.summary.ownPercent')}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('partner.summary.nextTier')}</dt>
          <dd data-testid="partner-next-tier">
            {summary.nextTier
              ? t('partner.summary.nextTierText', {
                  count: Math.max(summary.nextTier.referrals - summary.activeReferrals, 0),
                  percent: summary.nextTier.percent,
                })
              : t(summary.percentOverride ? 'partner.summary.nextTierOwn' : 'partner.summary.topTier')}
          </dd>
        </div>
        <div>
          <dt>{t('partner.summary.referrals')}</dt>
          <dd data-testid="partner-referrals">{t('partner.summary.referralsText', { total: summary.referrals, active: summary.activeReferrals })}</dd>
        </div>
      </dl>
      <div className="partner-withdraw">
        <Button href={WITHDRAW_PATH} disabled={!funds} data-testid="partner-withdraw">
          {t('partner.summary.withdraw')}
        </Button>
        {funds ? (
          <span className="exchanges-muted">{t('partner.summary.minPayout', { amount: formatMoney(summary.minPayout, summary.currency) })}</span>
        ) : (
          <span className="exchanges-muted" data-testid="partner-no-funds">
            {t('partner.errors.no_funds')}
          </span>
        )}
      </div>
    </section>
  );
}
