import { useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ErrorCode } from '../../../common/api';
import { walletCurrency } from '../../../common/catalogue';
import type { CreateOrderResponse } from '../../../common/orders';
import { pathFor } from '../../../common/routes';
import { referralCode } from '../accounts/referral';
import { showAlert } from '../accounts/alerts';
import { ApiError } from '../api/ApiError';
import { api } from '../api/client';
import { Button } from '../components/Button';
import { Checkbox } from '../components/form/Checkbox';
import { TextField } from '../components/form/TextField';
import { useForm } from '../components/form/useForm';
import { useSessionStore } from '../stores/session';
import { AssetIcon } from './AssetIcon';
import { formatMoney, formatRate } from '../../../common/money';
import {
  COMMENT_MAX_LENGTH,
  createOrderBody,
  formFieldErrors,
  initialOrderValues,
  orderFormLayout,
  orderFormSchema,
  type OrderFormLayout,
} from './orderForm';
import { useExchangeStore } from './store';
import { useAssetName } from './useAssetName';
import type { ReadyExchange } from './useExchangeModel';
import './order-details.css';

interface Props {
  model: ReadyExchange;
}

/** The second step: the chosen exchange, then the client's details, the terms and the order. */
export function OrderDetails({ model }: Props) {
  const { from, to, direction } = model;
  const layout = useMemo(() => orderFormLayout(direction, from, to), [direction, from, to]);
  // A new pair brings other fields: the form starts afresh.
  return <OrderDetailsForm key={`${from.code}>${to.code}`} model={model} layout={layout} />;
}

function OrderDetailsForm({ model, layout }: Props & { layout: OrderFormLayout }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const choice = useExchangeStore();
  const schema = useMemo(() => orderFormSchema(layout), [layout]);
  const accountEmail = useSessionStore((state) => state.user?.email ?? '');
  const form = useForm(schema, initialOrderValues(layout, accountEmail));
  // The session may be known only after the form shows (a reload on this step): fill it in then.
  useEffect(() => {
    if (accountEmail && form.values.email === '') form.setValue('email', accountEmail);
  }, [accountEmail]);
  const [apiError, setApiError] = useState<string | null>(null);
  const { from, to, rate, quote } = model;

  const onSubmit = form.handleSubmit(async (values) => {
    setApiError(null);
    if (!model.canContinue || !quote) return;
    const body = createOrderBody(
      { from: from.code, to: to.code, rateType: model.rateType, side: choice.side, quote },
      layout,
      values,
      referralCode(),
    );
    try {
      const created = await api.post<CreateOrderResponse>('/orders', body);
      choice.setStep('amounts');
      choice.setAmount('send', '');
      showAlert(t('order.alerts.created'));
      navigate(created.url);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Technical maintenance: new orders wait, the maintenance page says paid ones are processed.
      if (error.code === ErrorCode.Maintenance) {
        navigate(pathFor('maintenance'));
        return;
      }
      // Amounts live on the first step: their messages show here, the rest on their inputs.
      const amountProblem = error.fields.amountSend ?? error.fields.amountReceive;
      setApiError(amountProblem ?? error.message);
      form.setServerErrors(formFieldErrors(error.fields));
    }
  });

  // A token's wallet names its network ("USDT (TRC20)"): the address must be of that network.
  const accountLabel = (name: string, kind: string) => {
    const asset = name === 'senderAccount' ? from : to;
    return t(`exchange.details.${name}.${kind}`, { currency: walletCurrency(asset) });
  };

  return (
    <form className="exchange-step order-details" noValidate onSubmit={onSubmit} aria-labelledby="order-details-title">
      <div className="order-details__head">
        <h2 className="order-details__title" id="order-details-title">
          {t('exchange.details.title')}
        </h2>
        <button type="button" className="order-details__back" onClick={() => choice.setStep('amounts')}>
          {t('exchange.details.back')}
        </button>
      </div>

      <div className="order-summary" data-testid="order-summary">
        <SummarySide label={t('exchange.send')} amount={quote?.send ?? ''} asset={from} />
        <span className="order-summary__arrow" aria-hidden="true">
          →
        </span>
        <SummarySide label={t('exchange.receive')} amount={quote?.receive ?? ''} asset={to} />
        {rate && (
          <p className="order-summary__rate">
            {formatRate(rate, from.currency, to.currency)} ·{' '}
            {model.rateType === 'fixed'
              ? t('exchange.details.fixedFor', { minutes: model.direction.fixedPeriodMinutes })
              : t('exchange.rateType.float')}
          </p>
        )}
      </div>
      {!rate && (
        <p className="exchange-notice" role="status">
          {t('exchange.unavailable')}
        </p>
      )}
      {quote?.problem && (
        <p className="exchange-notice exchange-notice--error" role="alert">
          {t(quote.problem.key, quote.problem.values)}
        </p>
      )}

      <TextField
        {...form.field('email')}
        value={String(form.values.email)}
        label={t('exchange.details.email')}
        description={t('exchange.details.emailHint')}
        type="email"
        autoComplete="email"
        required
      />
      {layout.accounts.map((account) => (
        <TextField
          key={account.name}
          {...form.field(account.name)}
          value={String(form.values[account.name] ?? '')}
          label={accountLabel(account.name, account.kind)}
          autoComplete="off"
          required={account.required}
        />
      ))}
      {layout.extras.map((extra) => (
        <TextField
          key={extra.name}
          {...form.field(extra.name)}
          value={String(form.values[extra.name] ?? '')}
          label={t(`exchange.details.extra.${extra.name}`)}
          type={extra.name === 'phone' ? 'tel' : 'text'}
          autoComplete={extra.name === 'phone' ? 'tel' : 'off'}
          required={extra.required}
        />
      ))}
      <TextField
        {...form.field('comment')}
        value={String(form.values.comment)}
        label={t('exchange.details.comment')}
        maxLength={COMMENT_MAX_LENGTH}
      />
      <Checkbox
        {...form.field('agreeTerms')}
        value={form.values.agreeTerms === true}
        required
        label={
          <Trans
            i18nKey="exchange.details.terms"
            components={{ terms: <Link href="/terms" />, aml: <Link href="/aml-kyc" /> }}
          />
        }
      />
      {apiError && (
        <p className="exchange-notice exchange-notice--error" role="alert" data-testid="order-error">
          {apiError}
        </p>
      )}
      <Button type="submit" size="large" fullWidth loading={form.submitting} disabled={!model.canContinue}>
        {t('exchange.details.submit')}
      </Button>
    </form>
  );
}

function SummarySide({ label, amount, asset }: { label: string; amount: string; asset: ReadyExchange['from'] }) {
  const nameOf = useAssetName();
  return (
    <div className="order-summary__side">
      <span className="order-summary__label">{label}</span>
      <span className="order-summary__amount">
        <AssetIcon asset={asset} size="small" />
        {amount ? formatMoney(amount, asset.currency) : '—'}
      </span>
      <span className="order-summary__name">{nameOf(asset)}</span>
    </div>
  );
}
