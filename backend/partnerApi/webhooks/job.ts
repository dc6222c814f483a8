/**
 * The webhook job of the active worker: every WEBHOOK_TICK_MS it sends the partner webhooks that
 * are due (./outbox.ts, `sweepWebhooks`): retries, and rows whose writer stopped before sending.
 */
import type { Sequelize } from 'sequelize';
import type { Config } from '../../platform/config/types';
import type { Logger } from '../../platform/logger';
import { startOutboxJob, type OutboxJob, type OutboxJobOptions } from '../../platform/outbox/job';
import { createWebhooks, sweepWebhooks } from './outbox';

export const WEBHOOK_TICK_MS = 5000;

/** `tickMs` defaults to WEBHOOK_TICK_MS. */
export type WebhookJobOptions = OutboxJobOptions;
export type WebhookJob = OutboxJob;

export function startWebhookJob(deps: { sequelize: Sequelize; config: Pick<Config, 'webhooksAllowPrivate' | 'sessionKeys'>; logger: Logger; options?: WebhookJobOptions }): WebhookJob {
  return startOutboxJob({
    name: 'webhook',
    logAs: 'webhooks',
    logger: deps.logger,
    tickMs: WEBHOOK_TICK_MS,
    options: deps.options,
    sweeper: (job) => {
      const webhooks = createWebhooks({ sequelize: deps.sequelize, config: deps.config, logger: job.logger, now: job.now });
      return () => sweepWebhooks(webhooks);
    },
    sentMessage: 'partner webhooks sent',
    failedMessage: 'webhook pass failed',
  });
}
