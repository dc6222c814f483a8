/**
 * The orders job of the active worker: every second it expires the new orders whose payment
 * window has passed (orders/expireOrders.ts); each expiry is published and mailed like any change.
 */
import type { Config } from '../config/types';
import type { Database } from '../db';
import type { KV } from '../lib/kv/types';
import type { Logger } from '../lib/logger';
import { createOrdersContext } from '../orders/context';
import { expireOrders } from '../orders/expireOrders';

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

  async function tick(): Promise<void> {
    const expired = await expireOrders(ctx);
    if (expired.length > 0) logger.info({ expired }, 'orders expired');
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
