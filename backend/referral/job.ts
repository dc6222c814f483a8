/**
 * The referral job of the active worker: every REFERRAL_RELEASE_TICK_MS it releases the pending
 * rewards whose hold is over (rewardLedger.ts releaseDueRewards).
 */
import type { Sequelize } from 'sequelize';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { startLoop, type Loop } from '../platform/loop';
import { initModels } from '../models';
import { releaseDueRewards } from './rewardLedger';

export const REFERRAL_RELEASE_TICK_MS = 5 * 60_000;

export interface ReferralJobOptions {
  tickMs?: number;
  now?: () => Date;
}

export function startReferralJob(deps: { sequelize: Sequelize; kv: KV; logger: Logger; options?: ReferralJobOptions }): Loop {
  const ctx = { sequelize: deps.sequelize, models: initModels(deps.sequelize), kv: deps.kv, logger: deps.logger };
  const now = deps.options?.now ?? (() => new Date());
  return startLoop(
    deps.options?.tickMs ?? REFERRAL_RELEASE_TICK_MS,
    async () => {
      const released = await releaseDueRewards(ctx, now());
      if (released > 0) deps.logger.info({ released }, 'referral rewards released');
    },
    (error) => deps.logger.error({ err: error }, 'referral release pass failed'),
  );
}
