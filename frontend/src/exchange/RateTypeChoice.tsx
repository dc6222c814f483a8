import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RateType } from '../../../common/enums';
import { classNames } from '../components/classNames';
import './rate-type.css';

interface Props {
  rateTypes: readonly RateType[];
  value: RateType;
  fixedMinutes: number;
  onChange: (rateType: RateType) => void;
}

/** Fixed or floating, where the direction allows both, with what each means; else the one it has. */
export function RateTypeChoice({ rateTypes, value, fixedMinutes, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const hint =
    value === 'fixed' ? t('exchange.rateType.fixedHint', { minutes: fixedMinutes }) : t('exchange.rateType.floatHint');
  return (
    <div className="rate-type">
      <div className="rate-type__head">
        <span className="rate-type__label" id={`${id}-label`}>
          {t('exchange.rateType.label')}
        </span>
        {rateTypes.length > 1 ? (
          <div className="rate-type__options" role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
            {rateTypes.map((type) => (
              <label key={type} className={classNames('rate-type__option', type === value && 'rate-type__option--checked')}>
                <input
                  type="radio"
                  name={`${id}-rate-type`}
                  value={type}
                  checked={type === value}
                  className="rate-type__radio"
                  onChange={() => onChange(type)}
                />
                {t(`exchange.rateType.${type}`)}
              </label>
            ))}
          </div>
        ) : (
          <span className="rate-type__only">{t(`exchange.rateType.${value}`)}</span>
        )}
      </div>
      <p className="rate-type__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}
