import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto, OrderTick } from '../../../../common/events';
import { CircularProgress } from '../../components/CircularProgress';
import { countdownOf, formatTimeLeft } from '../../../../common/orderCountdown';

/**
 * The payment window as a ring (the spec's CircularProgress defaults) with mm:ss in its centre.
 * The server's `order:tick` drives it; until the first tick arrives the page counts from
 * `expiresAt` on its own clock, once a second.
 */
export function Countdown({ order, tick }: { order: OrderDto; tick: OrderTick | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const ticking = tick !== null && tick.uid === order.uid;
  useEffect(() => {
    if (ticking || !order.expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking, order.expiresAt]);

  const countdown = countdownOf(order, tick, now);
  if (!countdown) return null;
  return (
    <div className="order-countdown" data-testid="order-countdown">
      <CircularProgress percent={countdown.percent} label={t('order.timer.label')}>
        <span className="order-countdown__time" data-testid="order-time-left">
          {formatTimeLeft(countdown.secondsLeft)}
        </span>
        <span className="order-countdown__caption">{t('order.timer.left')}</span>
      </CircularProgress>
      <p className="order-countdown__label">{t('order.timer.label')}</p>
    </div>
  );
}
