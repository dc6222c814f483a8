import { useTranslation } from 'react-i18next';
import type { OrderDto } from '../../../../common/orders';
import { stepperOf } from '../../../../common/orderTexts';
import { classNames } from '../../components/classNames';

/** The steps of the order, the current one marked (common/orderTexts.ts says which and how). */
export function Stepper({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  return (
    <ol className="order-stepper" aria-label={t('order.steps.label')}>
      {stepperOf(order).map(({ step, number, state }) => (
        <li
          key={step}
          className={classNames('order-stepper__step', `order-stepper__step--${state}`)}
          aria-current={state === 'current' ? 'step' : undefined}
        >
          <span className="order-stepper__number" aria-hidden="true">
            {number}
          </span>
          <span className="order-stepper__label">{t(`order.steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}
