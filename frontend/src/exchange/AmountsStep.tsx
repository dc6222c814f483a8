import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { classNames } from '../components/classNames';
import { AmountRow } from './AmountRow';
import { formatAmount, formatMoney, formatRate, reserveAmount } from '../../../common/money';
import type { AmountSide } from './quote';
import { RateTypeChoice } from './RateTypeChoice';
import { useExchangeStore } from './store';
import { useChangedSinceFirst } from './useChangedSinceFirst';
import type { ReadyExchange } from './useExchangeModel';

interface Props {
  model: ReadyExchange;
}

/** The first step: amounts on either side, the assets, the swap, the live rate and the rate type. */
export function AmountsStep({ model }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const choice = useExchangeStore();
  const { from, to, rate, quote, direction, reserve } = model;
  // The rate and the reserve light up when they move, not when the pair first shows.
  const pair = `${from.code}>${to.code}`;
  const rateChanged = useChangedSinceFirst(pair, rate ? `${rate.in}:${rate.out}` : '');
  const reserveShown = reserveAmount(reserve, to.precision);
  const reserveChanged = useChangedSinceFirst(pair, reserveShown);
  const valueOf = (side: AmountSide) =>
    side === choice.side ? choice.amount : ((side === 'send' ? quote?.send : quote?.receive) ?? '');
  const problemOn = (side: AmountSide) => (quote?.problem?.side === side ? quote.problem : null);
  const oneWayHintId = `${id}-one-way`;

  const limits = rate && (
    <span className="exchange-limits">
      <button type="button" className="exchange-limits__value" onClick={() => choice.setAmount('send', rate.min)}>
        {t('exchange.min')} {formatAmount(rate.min)}
      </button>
      <button type="button" className="exchange-limits__value" onClick={() => choice.setAmount('send', rate.max)}>
        {t('exchange.max')} {formatAmount(rate.max)}
      </button>
    </span>
  );

  return (
    <div className="exchange-step">
      <AmountRow
        side="send"
        asset={from}
        value={valueOf('send')}
        problem={problemOn('send')}
        aside={limits}
        onAmount={choice.setAmount}
        onPick={choice.openPicker}
      />
      <div className="exchange-swap">
        <button
          type="button"
          className="exchange-swap__button"
          aria-label={t('exchange.swap')}
          title={model.canSwap ? t('exchange.swap') : t('exchange.oneWay')}
          disabled={!model.canSwap}
          aria-describedby={model.canSwap ? undefined : oneWayHintId}
          onClick={choice.swap}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M7 4v14m0 0l-3.5-3.5M7 18l3.5-3.5M17 20V6m0 0l-3.5 3.5M17 6l3.5 3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        {!model.canSwap && (
          <span className="exchange-swap__hint" id={oneWayHintId} data-testid="one-way-hint">
            {t('exchange.oneWay')}
          </span>
        )}
      </div>
      <AmountRow
        side="receive"
        asset={to}
        value={valueOf('receive')}
        problem={problemOn('receive')}
        onAmount={choice.setAmount}
        onPick={choice.openPicker}
      />

      {rate ? (
        <dl className="exchange-facts">
          <div className="exchange-facts__item">
            <dt>{t('exchange.rate')}</dt>
            <dd
              key={`${rate.in}:${rate.out}`}
              className={classNames('exchange-facts__value', rateChanged && 'exchange-facts__value--changed')}
              data-testid="exchange-rate"
              // The line shows about six significant digits; the exact rate the amounts are computed at is a hover away.
              title={`${formatMoney(rate.in, from.currency)} = ${formatMoney(rate.out, to.currency)}`}
            >
              {formatRate(rate, from.currency, to.currency)}
            </dd>
          </div>
          <div className="exchange-facts__item">
            <dt>{t('exchange.reserve')}</dt>
            <dd key={reserveShown} className={classNames('exchange-facts__value', reserveChanged && 'exchange-facts__value--changed')} data-testid="exchange-reserve">
              {formatMoney(reserveShown, to.currency)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="exchange-notice" role="status" data-testid="direction-unavailable">
          {t('exchange.unavailable')}
        </p>
      )}

      {rate && (
        <RateTypeChoice
          rateTypes={rate.rateTypes}
          value={model.rateType}
          fixedMinutes={direction.fixedPeriodMinutes}
          onChange={choice.setRateType}
        />
      )}

      <Button
        size="large"
        fullWidth
        disabled={!model.canContinue}
        onClick={() => choice.setStep('details')}
        data-testid="exchange-continue"
      >
        {t('exchange.continue')}
      </Button>
    </div>
  );
}
