import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DEFAULT_LANG, isLang } from '../../../../common/api';
import { assetName, isBankCard, moneyOfAsset, walletCurrency, type AssetDto } from '../../../../common/catalogue';
import { accountProblem } from '../../../../common/paymentDetails';
import { translateMessage } from '../../../../common/validation';
import { compareDecimals } from '../../../../common/rateMath';
import { routeByName } from '../../../../common/routes';
import { REFERRAL_CURRENCY, withdrawalRequestSchema, type PartnerSummary, type WithdrawalQuote, type WithdrawalRequest } from '../../../../common/referral';
import { showAlert } from '../../accounts/alerts';
import { ApiError } from '../../api/ApiError';
import { Button } from '../../components/Button';
import { Select, TextField, useForm } from '../../components/form';
import { useCatalogueAssets } from '../../exchange/api';
import { normalizeTypedAmount } from '../../exchange/format';
import { formatMoney } from '../../../../common/money';
import { navigate } from '../../router/navigation';
import { useSessionStore } from '../../stores/session';
import { PARTNER_KEY, partnerApi } from '../userPartner/api';
import { apiErrorText } from '../userPartner/errors';
import { REQUISITES_KEY, requisitesApi } from '../userRequisites/api';

export const PARTNER_PATH = routeByName('userPartner').path;
const REQUISITES_PATH = routeByName('userRequisites').path;

/** What can be paid out: every enabled asset but cash (nothing to send it to). */
export function withdrawalAssets(assets: readonly AssetDto[]): AssetDto[] {
  return assets.filter((asset) => asset.enabled && asset.type !== 'cash');
}

/** The request as sent (the amount read in the interface language `lang`): the code only when one was typed. */
function requestBody(values: WithdrawalRequest, lang: string): WithdrawalRequest {
  const body: WithdrawalRequest = { currency: values.currency, amount: normalizeTypedAmount(values.amount.trim(), lang), account: values.account.trim() };
  if (values.code?.trim()) body.code = values.code.trim();
  return body;
}

export function WithdrawForm({ summary }: { summary: PartnerSummary }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const queryClient = useQueryClient();
  const twoFactor = useSessionStore((state) => state.user?.twoFactorEnabled === true);
  const catalogue = useCatalogueAssets();
  const assets = withdrawalAssets(catalogue.data?.assets ?? []);
  const form = useForm(withdrawalRequestSchema, { currency: '', amount: '', account: '', code: '' } as WithdrawalRequest);
  const asset = assets.find((entry) => entry.code === form.values.currency) ?? null;
  const card = asset !== null && isBankCard(asset);
  const requisites = useQuery({ queryKey: REQUISITES_KEY, queryFn: requisitesApi.list, enabled: card });
  const cards = (requisites.data?.requisites ?? []).filter((entry) => entry.kind === 'card' && entry.status === 'verified' && entry.asset === asset?.code);
  const [review, setReview] = useState<{ request: WithdrawalRequest; quote: WithdrawalQuote } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  /** The amount against the balance and the minimum payout (big.js), after the schema's own checks. */
  function amountProblem(amount: string): string | null {
    if (compareDecimals(amount, summary.minPayout) < 0) return t('partner.errors.below_minimum_amount', { amount: formatMoney(summary.minPayout, REFERRAL_CURRENCY) });
    if (compareDecimals(amount, summary.available) > 0) return t('partner.errors.insufficient_funds');
    return null;
  }

  function refused(caught: unknown): void {
    if (!(caught instanceof ApiError)) throw caught;
    if (Object.keys(caught.fields).length > 0) {
      setReview(null);
      form.setServerErrors(caught.fields);
    }
    setError(apiErrorText(caught, t, t('partner.loadError')));
  }

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const request = requestBody(values, lang);
    const problem = amountProblem(request.amount);
    if (problem) {
      form.setServerErrors({ amount: problem });
      return;
    }
    // A wallet of the asset's network, as the server checks it (a card is one of the verified ones).
    const walletProblem = asset && !card ? accountProblem(asset, request.account) : true;
    if (walletProblem !== true) {
      form.setServerErrors({ account: translateMessage(walletProblem, t) });
      return;
    }
    try {
      setReview({ request, quote: await partnerApi.quote(request.currency, request.amount) });
    } catch (caught) {
      refused(caught);
    }
  });

  async function confirm(): Promise<void> {
    if (!review) return;
    setSending(true);
    setError(null);
    try {
      await partnerApi.withdraw(review.request);
      showAlert(t('partner.withdraw.created'));
      await queryClient.invalidateQueries({ queryKey: PARTNER_KEY });
      navigate(PARTNER_PATH);
    } catch (caught) {
      refused(caught);
      setSending(false);
    }
  }

  const errorNotice = error && (
    <p className="order-notice order-notice--error" role="alert" data-testid="withdraw-error">
      {error}
    </p>
  );

  if (review) {
    const payoutAsset = assets.find((entry) => entry.code === review.quote.currency) ?? null;
    const account = card ? (cards.find((entry) => String(entry.id) === review.request.account)?.masked ?? review.request.account) : review.request.account;
    return (
      <section className="withdraw-form" aria-label={t('partner.withdraw.reviewTitle')} data-testid="withdraw-review">
        <h2>{t('partner.withdraw.reviewTitle')}</h2>
        <dl className="withdraw-review">
          <dt>{t('partner.withdraw.debit')}</dt>
          <dd data-testid="withdraw-review-amount">{formatMoney(review.quote.amount, REFERRAL_CURRENCY)}</dd>
          <dt>{t('partner.withdraw.payout')}</dt>
          <dd data-testid="withdraw-review-payout">{payoutAsset ? moneyOfAsset(review.quote.payout, payoutAsset, lang) : formatMoney(review.quote.payout, review.quote.currency)}</dd>
          <dt>{t('partner.withdraw.rate')}</dt>
          <dd>{t('partner.withdraw.rateText', { rate: review.quote.rate, currency: payoutAsset?.currency ?? review.quote.currency })}</dd>
          <dt>{t('partner.withdraw.account')}</dt>
          <dd>{account}</dd>
        </dl>
        <p className="exchanges-muted">{t('partner.withdraw.rateNote')}</p>
        {errorNotice}
        <div className="withdraw-actions">
          <Button loading={sending} onClick={() => void confirm()} data-testid="withdraw-confirm">
            {t('partner.withdraw.confirm')}
          </Button>
          <Button variant="ghost" color="secondary" disabled={sending} onClick={() => setReview(null)}>
            {t('partner.withdraw.edit')}
          </Button>
        </div>
      </section>
    );
  }

  const currency = form.field('currency');
  const account = form.field('account');
  const code = form.field('code');
  return (
    <form className="withdraw-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('partner.withdraw.formTitle')}>
      <p>{t('partner.withdraw.available', { amount: formatMoney(summary.available, REFERRAL_CURRENCY) })}</p>
      <Select
        {...currency}
        label={t('partner.withdraw.currency')}
        placeholder="—"
        options={assets.map((entry) => ({ value: entry.code, label: assetName(entry, lang) }))}
        onCommit={(value) => {
          currency.onCommit(value);
          form.setValue('account', '');
        }}
      />
      <TextField
        {...form.field('amount')}
        label={t('partner.withdraw.amount')}
        inputMode="decimal"
        suffix={REFERRAL_CURRENCY}
        description={t('partner.withdraw.minPayout', { amount: formatMoney(summary.minPayout, REFERRAL_CURRENCY) })}
      />
      <div>
        <Button variant="ghost" color="secondary" size="small" onClick={() => form.setValue('amount', summary.available)} data-testid="withdraw-max">
          {t('partner.withdraw.max')}
        </Button>
      </div>
      {card ? (
        <>
          <Select
            {...account}
            label={t('partner.withdraw.card')}
            placeholder="—"
            options={cards.map((entry) => ({ value: String(entry.id), label: entry.masked }))}
          />
          {requisites.isSuccess && cards.length === 0 && (
            <p className="exchanges-muted" data-testid="withdraw-no-cards">
              {t('partner.withdraw.noCards')}{' '}
              <Link href={REQUISITES_PATH}>{t('partner.withdraw.requisitesLink')}</Link>
            </p>
          )}
        </>
      ) : (
        <TextField
          {...account}
          // Names the network the address must be of once the currency is chosen: "Your USDT (TRC20) wallet".
          label={asset ? t('partner.withdraw.walletOf', { currency: walletCurrency(asset) }) : t('partner.withdraw.wallet')}
          maxLength={128}
          autoComplete="off"
        />
      )}
      {twoFactor && <TextField {...code} value={code.value ?? ''} label={t('partner.withdraw.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />}
      {errorNotice}
      <div className="withdraw-actions">
        <Button type="submit" loading={form.submitting} data-testid="withdraw-review-button">
          {t('partner.withdraw.review')}
        </Button>
        <Button variant="ghost" color="secondary" href={PARTNER_PATH}>
          {t('partner.withdraw.back')}
        </Button>
      </div>
    </form>
  );
}
