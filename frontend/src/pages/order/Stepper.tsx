import { useTranslation } from 'react-i18next';
import { ORDER_STEPS, type OrderDto } from '../../../../common/orders';
import { classNames } from '../../components/classNames';
import { visibleSteps } from '../../orders/status';

/** The steps of the order, the current one marked. */
export function Stepper({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const current = ORDER_STEPS.indexOf(order.step);
  return (
    <ol className="order-stepper" aria-label={t('order.steps.label')}>
      {visibleSteps(order).map((step, index) => {
        const position = ORDER_STEPS.indexOf(step);
        const state = position < current || order.step === 'finished' ? 'done' : position === current ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={classNames('order-stepper__step', `order-stepper__step--${state}`)}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="order-stepper__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="order-stepper__label">{t(`order.steps.${step}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
