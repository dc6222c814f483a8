/**
 * The orders job of the active worker, two loops that never wait for each other: every second it
 * expires the new orders whose payment window has passed (orders/expireOrders.ts; each expiry is
 * published and mailed like any change), and every MAIL_TICK_MS it sends the order mails that are
 * due again — not sent after a failure, or left by a process that died before sending them
 * (orders/mail.ts, `sweepOrderMails`). A long mail pass (SMTP slow, a backlog) never delays expiry.
 */
import type { Config } from '../platform/config/types';
import type { Database } from '../platform/db';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { createOrdersContext } from './context';
import { expireOrders } from './expireOrders';
import { sweepOrderMails } from './mail';
import { startLoop } from '../platform/loop';
import type { Services } from '../services';

export const ORDERS_TICK_MS = 1000;
export const MAIL_TICK_MS = 2000;

export interface OrdersJobOptions {
  tickMs?: number;
  /** The mail pass interval; defaults to MAIL_TICK_MS. */
  mailTickMs?: number;
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
  services: Pick<Services, 'i18n' | 'mailer'>;
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
    i18n: deps.services.i18n,
    mailer: deps.services.mailer,
    now: deps.options?.now,
  });
  const loops = [
    startLoop(tickMs, async () => {
      const expired = await expireOrders(ctx);
      if (expired.length > 0) logger.info({ expired }, 'orders expired');
    }, (error) => logger.warn({ err: error }, 'orders expiry failed')),
    startLoop(deps.options?.mailTickMs ?? MAIL_TICK_MS, async () => {
      const mails = await sweepOrderMails(ctx);
      if (mails.sent + mails.retry + mails.failed > 0) logger.info(mails, 'order mails sent again');
    }, (error) => logger.warn({ err: error }, 'order mails pass failed')),
  ];

  logger.info({ tickMs }, 'orders job started');
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        await Promise.all(loops.map((each) => each.stop()));
        logger.info('orders job stopped');
      })();
      return stopping;
    },
  };
}
