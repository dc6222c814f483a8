/**
 * `/operator/referral` (admins): the referral programme's settings — the tier table (from N active
 * referrals on, P % of the profit), the days a reward is held, the minimum withdrawal. Saved at
 * once with PUT; the server's field refusals show on their inputs.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferralSettings, ReferralTier } from '../../../../../common/referral';
import { showAlert } from '../../../accounts/alerts';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { PageLoader } from '../../../layout/PageLoader';
import { apiErrorText } from '../../userPartner/errors';
import { REFERRAL_SETTINGS_KEY, withdrawalsApi } from './api';
import '../../order/order.css';
import '../../userPartner/partner.css';
import '../operator.css';

export default function ReferralSettingsSection() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: REFERRAL_SETTINGS_KEY, queryFn: withdrawalsApi.settings, retry: false });
  let content;
  if (query.isPending) content = <PageLoader />;
  else if (query.isError) {
    content = (
      <div className="order-notice order-notice--error" role="alert">
        <p>{apiErrorText(query.error, t, t('withdrawalsAdmin.loadError'))}</p>
        <Button variant="ghost" color="secondary" onClick={() => void query.refetch()}>
          {t('partner.retry')}
        </Button>
      </div>
    );
  } else content = <SettingsForm key={query.dataUpdatedAt} initial={query.data} />;
  return (
    <section className="operator-console" aria-label={t('withdrawalsAdmin.settings.title')} data-testid="console-referral">
      {content}
    </section>
  );
}

/** A server field error of `path`, in either notation (`tiers[0].percent` or `tiers.0.percent`). */
function fieldError(fields: Record<string, string>, path: string): string | undefined {
  return fields[path] ?? fields[path.replace(/\[(\d+)\]/g, '.$1')];
}

function SettingsForm({ initial }: { initial: ReferralSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tiers, setTiers] = useState<{ referrals: string; percent: string }[]>(initial.tiers.map((tier) => ({ referrals: String(tier.referrals), percent: tier.percent })));
  const [holdDays, setHoldDays] = useState(String(initial.holdDays));
  const [minPayout, setMinPayout] = useState(initial.minPayout);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const editTier = (index: number, key: 'referrals' | 'percent', value: string) =>
    setTiers((rows) => rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault();
    setSaving(true);
    setFields({});
    setError(null);
    // Counts of referrals and days are whole numbers, not money: a number is what the contract carries.
    const tierRows: ReferralTier[] = tiers.map((row) => ({ referrals: Number(row.referrals.trim() || 'NaN'), percent: row.percent.trim() }));
    try {
      const saved = await withdrawalsApi.saveSettings({ tiers: tierRows, holdDays: Number(holdDays.trim() || 'NaN'), minPayout: minPayout.trim() });
      queryClient.setQueryData(REFERRAL_SETTINGS_KEY, saved);
      showAlert(t('withdrawalsAdmin.settings.saved'));
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setFields(caught.fields);
      setError(caught.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="referral-settings" onSubmit={(event) => void save(event)} noValidate aria-label={t('withdrawalsAdmin.settings.title')}>
      <h2>{t('withdrawalsAdmin.settings.tiers')}</h2>
      <p className="operator-muted">{t('withdrawalsAdmin.settings.tiersHint')}</p>
      <ul className="referral-tiers" data-testid="referral-tiers">
        {tiers.map((row, index) => {
          const referralsError = fieldError(fields, `tiers[${index}].referrals`);
          const percentError = fieldError(fields, `tiers[${index}].percent`);
          return (
            <li key={index} className="referral-tier" data-testid={`referral-tier-${index}`}>
              <label className="operator-input">
                <span>{t('withdrawalsAdmin.settings.referrals')}</span>
                <input inputMode="numeric" value={row.referrals} onChange={(event) => editTier(index, 'referrals', event.currentTarget.value)} aria-invalid={referralsError !== undefined} />
                {referralsError && <span className="operator-error">{referralsError}</span>}
              </label>
              <label className="operator-input">
                <span>{t('withdrawalsAdmin.settings.percent')}</span>
                <input inputMode="decimal" value={row.percent} onChange={(event) => editTier(index, 'percent', event.currentTarget.value)} aria-invalid={percentError !== undefined} />
                {percentError && <span className="operator-error">{percentError}</span>}
              </label>
              <Button variant="ghost" color="secondary" size="small" onClick={() => setTiers((rows) => rows.filter((_, at) => at !== index))} aria-label={t('withdrawalsAdmin.settings.removeLabel', { n: index + 1 })}>
                {t('withdrawalsAdmin.settings.remove')}
              </Button>
            </li>
          );
        })}
      </ul>
      {fieldError(fields, 'tiers') && <p className="operator-error">{fieldError(fields, 'tiers')}</p>}
      <div>
        <Button variant="ghost" color="secondary" size="small" onClick={() => setTiers((rows) => [...rows, { referrals: '', percent: '' }])} data-testid="referral-tier-add">
          {t('withdrawalsAdmin.settings.add')}
        </Button>
      </div>
      <label className="operator-input">
        <span>{t('withdrawalsAdmin.settings.holdDays')}</span>
        <input inputMode="numeric" name="holdDays" value={holdDays} onChange={(event) => setHoldDays(event.currentTarget.value)} aria-invalid={fields.holdDays !== undefined} />
        {fields.holdDays && <span className="operator-error">{fields.holdDays}</span>}
      </label>
      <label className="operator-input">
        <span>{t('withdrawalsAdmin.settings.minPayout')}</span>
        <input inputMode="decimal" name="minPayout" value={minPayout} onChange={(event) => setMinPayout(event.currentTarget.value)} aria-invalid={fields.minPayout !== undefined} />
        {fields.minPayout && <span className="operator-error">{fields.minPayout}</span>}
      </label>
      {error && (
        <p className="order-notice order-notice--error" role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" loading={saving} data-testid="referral-save">
          {t('withdrawalsAdmin.settings.save')}
        </Button>
      </div>
    </form>
  );
}
