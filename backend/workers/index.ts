import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../platform/config/types';
import type { Database } from '../platform/db';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { drainMails, MAIL_DRAIN_MS } from '../platform/outbox/delivery';
import type { Services } from '../services';
import { startLeaderLock } from './leaderLock';
import { startOrdersJob, type OrdersJob, type OrdersJobOptions } from '../orders/jobs';
import { startRatesJob, type RatesJob, type RatesJobOptions } from '../rates/job';
import { startMailOutboxJob, type MailOutboxJob, type MailOutboxJobOptions } from '../platform/mail/outboxJob';
import { appSecretKeys } from '../platform/security/secretBox';
import { createAlerts } from '../alerts';
import { startAlertJob, type AlertJob, type AlertJobOptions } from '../alerts/job';
import { startWebhookJob, type WebhookJob, type WebhookJobOptions } from '../partnerApi/webhooks/job';
import { startKycJob, type KycJobOptions } from '../kyc/job';
import { startReferralJob, type ReferralJobOptions } from '../referral/job';
import type { Loop } from '../platform/loop';
import { watchAccountChanges } from '../accounts/accountCache';
import { initModels, watchKeptTables } from '../models';

export const LEADER_KEY = 'worker:leader';
export const HEARTBEAT_KEY = 'worker:heartbeat';
export const LEADER_TTL_MS = 15_000;
export const LEADER_RENEW_MS = 5_000;
export const HEARTBEAT_EVERY_MS = 5_000;

export interface WorkerDeps {
  config: Config;
  logger: Logger;
  kv: KV;
  /** The catalogue the rates are computed for. */
  db: Pick<Database, 'sequelize'>;
  /** The process's translations and mailer (order mails, the mail outbox); the composition root closes them. */
  services: Pick<Services, 'i18n' | 'mailer'>;
  /** Overrides of the rates job (tests: a fast tick, their own providers). */
  rates?: RatesJobOptions;
  /** Overrides of the orders job (tests: a fast tick, a fixed clock). */
  orders?: OrdersJobOptions;
  /** Overrides of the mail outbox job (tests: a fast tick, a clock ahead). */
  mail?: MailOutboxJobOptions;
  /** Overrides of the alert job (tests: a fast tick). */
  alerts?: AlertJobOptions;
  /** Overrides of the partner webhook job (tests: a fast tick, a clock ahead). */
  webhooks?: WebhookJobOptions;
  /** Overrides of the KYC retention job (tests: a fast tick, a clock ahead). */
  kyc?: KycJobOptions;
  /** Overrides of the referral release job (tests: a fast tick, a clock ahead). */
  referral?: ReferralJobOptions;
  /** Overrides of LEADER_TTL_MS / LEADER_RENEW_MS (tests: a quick takeover). */
  leader?: { ttlMs?: number; renewEveryMs?: number };
}

export interface RunningWorker {
  readonly id: string;
  isLeader(): boolean;
  close(): Promise<void>;
}

/** What the worker last wrote under HEARTBEAT_KEY. */
export interface WorkerHeartbeat {
  workerId: string;
  at: string;
}

/**
 * The background worker (ROLE=worker, or inside ROLE=all). Only one worker in a deployment is
 * active: the holder of the leader lock in the KV. The active worker writes a heartbeat and runs
 * the rates job (backend/rates/job.ts), the orders job (expiry, backend/orders/jobs.ts), the
 * mail outbox job (backend/platform/mail/outboxJob.ts), the Telegram alert job (backend/alerts/job.ts), the
 * partner webhook job (backend/partnerApi/webhooks/job.ts) and
 * the KYC retention job (backend/kyc/job.ts) and the referral release job (backend/referral/job.ts);
 * a worker that loses the lock stops them.
 */
export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const logger = deps.logger.child({ workerId: id });
  let heartbeat: NodeJS.Timeout | undefined;
  // The rates job of the current leadership; stopping settles before a new one starts.
  let ratesJob: Promise<RatesJob | null> = Promise.resolve(null);
  let ordersJob: OrdersJob | null = null;
  let mailJob: MailOutboxJob | null = null;
  let alertJob: AlertJob | null = null;
  let webhookJob: WebhookJob | null = null;
  let kycJob: Loop | null = null;
  let referralJob: Loop | null = null;
  watchAccountChanges(initModels(deps.db.sequelize), deps.kv, { onError: (error) => logger.warn({ err: error }, 'account version bump failed') });
  watchKeptTables(initModels(deps.db.sequelize), deps.kv, (error) => logger.warn({ err: error }, 'table version bump failed'));
  const alerts = createAlerts({ sequelize: deps.db.sequelize, config: deps.config, i18n: deps.services.i18n });

  function startOrders(): void {
    ordersJob ??= startOrdersJob({ config: deps.config, logger, kv: deps.kv, db: deps.db, services: deps.services, options: deps.orders });
  }

  async function stopOrders(): Promise<void> {
    const job = ordersJob;
    ordersJob = null;
    await job?.stop();
  }

  function startMail(): void {
    mailJob ??= startMailOutboxJob({
      sequelize: deps.db.sequelize,
      mailer: deps.services.mailer,
      logger,
      secretKeys: appSecretKeys(deps.config),
      options: deps.mail,
    });
  }

  async function stopMail(): Promise<void> {
    const job = mailJob;
    mailJob = null;
    await job?.stop();
  }

  function startAlerts(): void {
    alertJob ??= startAlertJob({ sequelize: deps.db.sequelize, config: deps.config, logger, options: deps.alerts });
  }

  async function stopAlerts(): Promise<void> {
    const job = alertJob;
    alertJob = null;
    await job?.stop();
  }

  function startWebhooks(): void {
    webhookJob ??= startWebhookJob({ sequelize: deps.db.sequelize, config: deps.config, logger, options: deps.webhooks });
  }

  async function stopWebhooks(): Promise<void> {
    const job = webhookJob;
    webhookJob = null;
    await job?.stop();
  }

  function startKyc(): void {
    kycJob ??= startKycJob({ sequelize: deps.db.sequelize, config: deps.config, logger, options: deps.kyc });
  }

  async function stopKyc(): Promise<void> {
    const job = kycJob;
    kycJob = null;
    await job?.stop();
  }

  function startReferral(): void {
    referralJob ??= startReferralJob({ sequelize: deps.db.sequelize, kv: deps.kv, logger, options: deps.referral });
  }

  async function stopReferral(): Promise<void> {
    const job = referralJob;
    referralJob = null;
    await job?.stop();
  }

  function startRates(): void {
    ratesJob = ratesJob
      .then((previous) => previous?.stop())
      .then(() => startRatesJob({ config: deps.config, logger, kv: deps.kv, db: deps.db, alerts, options: deps.rates }))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'rates job failed to start');
        return null;
      });
  }

  function stopRates(): Promise<void> {
    ratesJob = ratesJob.then(async (job) => {
      await job?.stop();
      return null;
    });
    return ratesJob.then(() => undefined);
  }

  async function beat(): Promise<void> {
    const payload: WorkerHeartbeat = { workerId: id, at: new Date().toISOString() };
    try {
      await deps.kv.set(HEARTBEAT_KEY, JSON.stringify(payload), HEARTBEAT_EVERY_MS * 3);
    } catch (error) {
      logger.warn({ err: error }, 'worker heartbeat failed');
    }
  }

  const lock = await startLeaderLock({
    kv: deps.kv,
    logger,
    key: LEADER_KEY,
    ownerId: id,
    ttlMs: deps.leader?.ttlMs ?? LEADER_TTL_MS,
    renewEveryMs: deps.leader?.renewEveryMs ?? LEADER_RENEW_MS,
    onAcquired() {
      void beat();
      heartbeat = setInterval(() => void beat(), HEARTBEAT_EVERY_MS);
      startRates();
      startOrders();
      startMail();
      startAlerts();
      startWebhooks();
      startKyc();
      startReferral();
    },
    onLost() {
      clearInterval(heartbeat);
      heartbeat = undefined;
      void stopRates();
      void stopOrders();
      void stopMail();
      void stopAlerts();
      void stopWebhooks();
      void stopKyc();
      void stopReferral();
    },
  });
  logger.info({ leader: lock.isLeader() }, 'worker started');

  return {
    id,
    isLeader: () => lock.isLeader(),
    async close() {
      // The job stops before the lock is released, so a successor never overlaps its last tick.
      await Promise.all([stopRates(), stopOrders(), stopMail(), stopAlerts(), stopWebhooks(), stopKyc(), stopReferral()]);
      // Status mails of the last expiries (and the last passes' mails) are still queued: they go out first (within the budget).
      await drainMails(Date.now() + MAIL_DRAIN_MS);
      await lock.release();
      logger.info('worker stopped');
    },
  };
}
