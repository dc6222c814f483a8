import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { classNames } from '../components/classNames';
import { AmountsStep } from './AmountsStep';
import { AssetModal } from './AssetModal';
import { receiveOptions, sendOptions } from './directory';
import type { PrerenderedRateDto } from '../../../common/catalogue';
import { formatMoney, formatRate } from '../../../common/money';
import { forgetPrerenderedRate, prerenderedRateFor } from './prerenderedRate';
import type { AmountSide } from './quote';
import { useExchangeStore } from './store';
import { useExchangeModel, type PairPreset, type ReadyExchange } from './useExchangeModel';
import { useAmountPreset, useQueryPreset, useSyncPairToUrl } from './useQueryPreset';
import './exchange.css';
import './states.css';

// The details form brings the validation library: loaded when the visitor continues.
const OrderDetails = lazy(() => import('./OrderDetails').then((module) => ({ default: module.OrderDetails })));

export interface ExchangeWidgetProps {
  /** The pair a landing page offers; query parameters still win over it. */
  preset?: PairPreset;
  /** Write the chosen pair to the address (`?from=…&to=…`). */
  syncUrl?: boolean;
  className?: string;
}

/**
 * The exchange widget: assets and amounts with live rates (step 1), then the order details
 * (step 2). The choice lives in the `exchange` store (sessionStorage), so it survives reloads.
 */
export function ExchangeWidget({ preset = null, syncUrl = false, className }: ExchangeWidgetProps) {
  const { t } = useTranslation();
  const query = useQueryPreset();
  const asked: PairPreset = query || preset ? { from: query?.from ?? preset?.from, to: query?.to ?? preset?.to } : null;
  const model = useExchangeModel(asked);
  const step = useExchangeStore((state) => state.step);
  const ready = model.status === 'ready' ? model : null;
  const storedFrom = useExchangeStore((state) => state.from);
  const storedTo = useExchangeStore((state) => state.to);
  // The rate the server painted into the home page, while this widget's own data loads.
  const preview = model.status === 'loading' && asked === null ? prerenderedRateFor({ from: storedFrom, to: storedTo }) : null;
  const isReady = ready !== null;
  useEffect(() => {
    if (isReady) forgetPrerenderedRate();
  }, [isReady]);
  useSyncPairToUrl(ready ? { from: ready.from.code, to: ready.to.code } : null, syncUrl && ready?.presetApplied === true);
  useAmountPreset(ready?.presetApplied === true);

  return (
    <section
      className={classNames('exchange-widget', className)}
      aria-labelledby="exchange-widget-title"
      aria-busy={model.status === 'loading'}
      data-testid="exchange-widget"
    >
      <header className="exchange-widget__head">
        <h2 className="exchange-widget__title" id="exchange-widget-title">
          {t('exchange.title')}
        </h2>
        <span className="exchange-widget__live">
          <span className="pulse-dot" aria-hidden="true" />
          {t('exchange.live')}
        </span>
      </header>
      {model.status === 'loading' && <WidgetSkeleton preview={preview} />}
      {model.status === 'error' && (
        <div className="exchange-state" role="alert">
          <p className="exchange-state__title">{t('exchange.states.error')}</p>
          {model.message && <p className="exchange-state__text">{model.message}</p>}
          <Button variant="ghost" color="secondary" onClick={model.retry}>
            {t('exchange.states.retry')}
          </Button>
        </div>
      )}
      {model.status === 'empty' && (
        <div className="exchange-state" role="status">
          <p className="exchange-state__title">{t('exchange.states.empty')}</p>
        </div>
      )}
      {ready &&
        (step === 'details' ? (
          <Suspense fallback={<WidgetSkeleton />}>
            <OrderDetails model={ready} />
          </Suspense>
        ) : (
          <AmountsStep model={ready} />
        ))}
      {ready && <WidgetAssetModal model={ready} />}
    </section>
  );
}

function WidgetAssetModal({ model }: { model: ReadyExchange }) {
  const picking = useExchangeStore((state) => state.picking);
  const { directory, rates, from, to } = model;
  const options = picking === 'receive' ? receiveOptions(directory, rates, from.code) : sendOptions(directory, rates);
  const onSelect = (side: AmountSide, code: string) => {
    const { setPair } = useExchangeStore.getState();
    if (side === 'receive') {
      setPair(from.code, code);
      return;
    }
    // The new asset's directions load next; the model then keeps this pair or picks its best one.
    setPair(code, to.code);
  };
  return (
    <AssetModal
      options={options}
      current={picking === 'receive' ? to.code : from.code}
      reserves={model.reserves}
      onSelect={onSelect}
    />
  );
}

/** The widget while its data loads: the shape of its first step, with the prerendered rate when there is one (the server's frame, backend/seo/shell.ts, is the same). */
function WidgetSkeleton({ preview = null }: { preview?: PrerenderedRateDto | null }) {
  const { t } = useTranslation();
  return (
    <div className="exchange-skeleton">
      <span className="visually-hidden" role="status">
        {t('exchange.states.loading')}
      </span>
      <span className="skeleton skeleton--label" />
      <span className="skeleton skeleton--field" />
      <span className="skeleton skeleton--label" />
      <span className="skeleton skeleton--field" />
      {preview ? (
        <dl className="exchange-facts">
          <div className="exchange-facts__item">
            <dt>{t('exchange.rate')}</dt>
            <dd className="exchange-facts__value" data-testid="exchange-rate-preview">
              {formatRate(preview, preview.fromCurrency, preview.toCurrency)}
            </dd>
          </div>
          <div className="exchange-facts__item">
            <dt>{t('exchange.reserve')}</dt>
            <dd className="exchange-facts__value">{formatMoney(preview.reserve, preview.toCurrency)}</dd>
          </div>
        </dl>
      ) : (
        <span className="skeleton skeleton--line" />
      )}
      <span className="skeleton skeleton--button" />
    </div>
  );
}
