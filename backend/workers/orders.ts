/**
 * The orders job of the active worker: every second it expires the new orders whose payment
 * window has passed (orders/expireOrders.ts; each expiry is published and mailed like any change),
 * then sends the order mails that are due again: not sent after a failure, or left by a process
 * that died before sending them (orders/mail.ts, `sweepOrderMails`).
 */
import type { Config } from '../config/types';
import type { Database } from '../db';
import type { KV } from '../lib/kv/types';
import type { Logger } from '../lib/logger';
import { createOrdersContext } from '../orders/context';
import { expireOrders } from '../orders/expireOrders';
import { sweepOrderMails } from '../orders/mail';

export const ORDERS_TICK_MS = 1000;

export interface OrdersJobOptions {
  tickMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export interface OrdersJob {
  /** Stops ticking and waits for a pass in progress. */
  stop(): Promise<void>;
}

export function startOrdersJob(deps: {
  config: Config;
  logger: Logger;
  kv: KV;
  db: Pick<Database, 'sequelize'>;
  options?: OrdersJobOptions;
}): OrdersJob {
  const logger = deps.logger.child({ job: 'orders' });
  const tickMs = deps.options?.tickMs ?? ORDERS_TICK_MS;
  // The worker never recalculates: expiry needs no rates.
  const ctx = createOrdersContext({
    sequelize: deps.db.sequelize,
    kv: deps.kv,
    logger,
    rates: { current: () => null },
    config: deps.config,
    now: deps.options?.now,
  });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  // One after the other (on SQLite both write through the one writer anyway); either may fail alone.
  async function tick(): Promise<void> {
    try {
      const expired = await expireOrders(ctx);
      if (expired.length > 0) logger.info({ expired }, 'orders expired');
    } catch (error) {
      logger.warn({ err: error }, 'orders expiry failed');
    }
    try {
      const mails = await sweepOrderMails(ctx);
      if (mails.sent + mails.retry + mails.failed > 0) logger.info(mails, 'order mails sent again');
    } catch (error) {
      logger.warn({ err: error }, 'order mails pass failed');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => logger.warn({ err: error }, 'orders tick failed'))
        .finally(schedule);
    }, tickMs);
  }

  schedule();
  logger.info({ tickMs }, 'orders job started');
  return {
    async stop() {
      if (stopped) return running;
      stopped = true;
      clearTimeout(timer);
      await running;
      logger.info('orders job stopped');
    },
  };
}
