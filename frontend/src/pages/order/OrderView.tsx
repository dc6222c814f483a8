/** The order page once the order is loaded: header with the status, steps, the current step, the timer and the details. */
import { useTranslation } from 'react-i18next';
import type { OrderDto, OrderTick } from '../../../../common/events';
import { classNames } from '../../components/classNames';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { statusKey, statusTone } from '../../orders/status';
import { Countdown } from './Countdown';
import { OrderSummary } from './OrderSummary';
import { StatusStep } from './StatusStep';
import { Stepper } from './Stepper';
import { ConfirmStep, PayStep, VerifyCardStep, type StepProps } from './steps';
import { useCustomerAction } from './useCustomerAction';

interface Props {
  order: OrderDto;
  secret: string;
  tick: OrderTick | null;
  apply: (order: OrderDto) => void;
  refetch: () => void;
}

const STEP_VIEWS = {
  confirm: ConfirmStep,
  verify_card: VerifyCardStep,
  pay: PayStep,
  processing: StatusStep,
  finished: StatusStep,
} as const;

export function OrderView({ order, secret, tick, apply, refetch }: Props) {
  const { t } = useTranslation();
  const title = t('order.idLabel', { uid: order.uid });
  useDocumentTitle(title);
  const actions = useCustomerAction(order.uid, secret, apply, refetch);
  const stepProps: StepProps = {
    order,
    secret,
    actions,
    onUploaded: (answer) => (answer ? apply(answer) : refetch()),
  };
  const StepView = STEP_VIEWS[order.step];

  return (
    <div className="container page order-page" data-testid="order-page" data-version={order.version}>
      <header className="order-page__header">
        <h1 className="order-page__title">{title}</h1>
        <span
          className={classNames('order-badge', `order-badge--${statusTone(order.status)}`)}
          data-testid="order-status"
          data-status={order.status}
        >
          <span className="visually-hidden">{t('order.statusLabel')}: </span>
          {t(statusKey(order))}
        </span>
      </header>
      <Stepper order={order} />
      <div className="order-page__layout">
        <div className="order-page__main">
          {actions.error && (
            <p className="order-notice order-notice--error" role="alert" data-testid="order-action-error">
              {actions.error}
            </p>
          )}
          <StepView {...stepProps} />
        </div>
        <aside className="order-page__aside">
          <Countdown order={order} tick={tick} />
          <OrderSummary order={order} />
        </aside>
      </div>
    </div>
  );
}
