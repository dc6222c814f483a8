/**
 * The KYC retention job of the active worker: every KYC_RETENTION_TICK_MS it deletes the files of
 * decided submissions older than KYC_RETENTION_DAYS (retention.ts).
 */
import type { Sequelize } from 'sequelize';
import type { Config } from '../platform/config/types';
import type { Logger } from '../platform/logger';
import { startLoop, type Loop } from '../platform/loop';
import { initModels } from '../models';
import { deleteExpiredKycFiles } from './retention';

export const KYC_RETENTION_TICK_MS = 10 * 60_000;

export interface KycJobOptions {
  tickMs?: number;
  now?: () => Date;
}

export function startKycJob(deps: { sequelize: Sequelize; config: Pick<Config, 'uploadDir' | 'kycRetentionDays'>; logger: Logger; options?: KycJobOptions }): Loop {
  const ctx = { models: initModels(deps.sequelize), uploadDir: deps.config.uploadDir, retentionDays: deps.config.kycRetentionDays };
  const now = deps.options?.now ?? (() => new Date());
  return startLoop(
    deps.options?.tickMs ?? KYC_RETENTION_TICK_MS,
    async () => {
      const deleted = await deleteExpiredKycFiles(ctx, now());
      if (deleted > 0) deps.logger.info({ deleted }, 'kyc files past retention deleted');
    },
    (error) => deps.logger.error({ err: error }, 'kyc retention pass failed'),
  );
}
