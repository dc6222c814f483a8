import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetDto } from '../../../common/catalogue';
import { classNames } from '../components/classNames';
import { AssetIcon } from './AssetIcon';
import { sanitizeAmountInput } from './format';
import { useAssetName } from './useAssetName';
import type { AmountProblem, AmountSide } from './quote';

interface Props {
  side: AmountSide;
  asset: AssetDto;
  /** The field's text: as typed on the typed side, the computed amount on the other. */
  value: string;
  problem: AmountProblem | null;
  /** Shown on the right of the label line (limits or the reserve). */
  aside?: ReactNode;
  disabled?: boolean;
  onAmount: (side: AmountSide, value: string) => void;
  onPick: (side: AmountSide) => void;
}

/** One side of the exchange: the label, the amount (editable on either side) and the asset selector. */
export function AmountRow({ side, asset, value, problem, aside, disabled, onAmount, onPick }: Props) {
  const { t, i18n } = useTranslation();
  const nameOf = useAssetName();
  const id = useId();
  const message = problem ? t(problem.key, problem.values) : null;
  return (
    <div className={classNames('exchange-row', message && 'exchange-row--invalid')} data-side={side}>
      <div className="exchange-row__head">
        <label className="exchange-row__label" htmlFor={`${id}-amount`}>
          {t(side === 'send' ? 'exchange.send' : 'exchange.receive')}
        </label>
        {aside && <div className="exchange-row__aside">{aside}</div>}
      </div>
      <div className="exchange-row__field">
        <input
          id={`${id}-amount`}
          name={side === 'send' ? 'amountSend' : 'amountReceive'}
          className="exchange-row__input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          value={value}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          aria-label={t(side === 'send' ? 'exchange.amountSend' : 'exchange.amountReceive', { currency: asset.currency })}
          onChange={(event) => {
            // A refused edit (sanitizeAmountInput: null) leaves the field as it was.
            const next = sanitizeAmountInput(event.target.value, i18n.language);
            if (next !== null) onAmount(side, next);
          }}
        />
        <button
          type="button"
          className="asset-button"
          aria-haspopup="dialog"
          aria-label={t(side === 'send' ? 'exchange.pickSend' : 'exchange.pickReceive', { asset: nameOf(asset) })}
          data-code={asset.code}
          onClick={() => onPick(side)}
        >
          <AssetIcon asset={asset} />
          <span className="asset-button__text">
            <span className="asset-button__code">{asset.currency}</span>
            <span className="asset-button__name">{nameOf(asset)}</span>
          </span>
          <svg className="asset-button__chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      {message && (
        <p id={`${id}-error`} className="exchange-row__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
