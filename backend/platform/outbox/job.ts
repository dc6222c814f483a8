/** A worker job that sends what an outbox has due: one pass every tick, its outcomes logged. */
import type { Logger } from '../logger';
import { startLoop } from '../loop';
import type { MailAttempt } from './delivery';

export interface OutboxJobOptions {
  /** The pass interval; defaults to the job's tick. */
  tickMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export interface OutboxJob {
  /** Stops ticking and waits for a pass in progress (the same promise on every call). */
  stop(): Promise<void>;
}

/**
 * Starts the `name` job: its log lines carry `job: logAs`; every tick (`options.tickMs`, else
 * `tickMs`) it runs the pass `sweeper` makes once from the job's logger and clock, logging
 * `sentMessage` with the counts when anything was sent, retried or given up.
 */
export function startOutboxJob(deps: {
  name: string;
  logAs: string;
  logger: Logger;
  tickMs: number;
  options?: OutboxJobOptions;
  sweeper: (job: { logger: Logger; now: () => Date }) => () => Promise<Record<MailAttempt, number>>;
  sentMessage: string;
  failedMessage: string;
}): OutboxJob {
  const logger = deps.logger.child({ job: deps.logAs });
  const sweep = deps.sweeper({ logger, now: deps.options?.now ?? (() => new Date()) });
  const loop = startLoop(
    deps.options?.tickMs ?? deps.tickMs,
    async () => {
      const counts = await sweep();
      if (counts.sent + counts.retry + counts.failed > 0) logger.info(counts, deps.sentMessage);
    },
    (error) => logger.warn({ err: error }, deps.failedMessage),
  );
  logger.info(`${deps.name} job started`);
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= loop.stop().then(() => logger.info(`${deps.name} job stopped`));
      return stopping;
    },
  };
}
