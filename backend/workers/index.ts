import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../config/types';
import type { KV } from '../lib/kv/types';
import type { Logger } from '../lib/logger';
import { startLeaderLock } from './leaderLock';

export const LEADER_KEY = 'worker:leader';
export const HEARTBEAT_KEY = 'worker:heartbeat';
export const LEADER_TTL_MS = 15_000;
export const LEADER_RENEW_MS = 5_000;
export const HEARTBEAT_EVERY_MS = 5_000;

export interface WorkerDeps {
  config: Config;
  logger: Logger;
  kv: KV;
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
 * active: the holder of the leader lock in the KV. For now the active worker writes a heartbeat;
 * rate polling, order timers and mail come in later issues.
 */
export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const logger = deps.logger.child({ workerId: id });
  let heartbeat: NodeJS.Timeout | undefined;

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
    ttlMs: LEADER_TTL_MS,
    renewEveryMs: LEADER_RENEW_MS,
    onAcquired() {
      void beat();
      heartbeat = setInterval(() => void beat(), HEARTBEAT_EVERY_MS);
    },
    onLost() {
      clearInterval(heartbeat);
      heartbeat = undefined;
    },
  });
  logger.info({ leader: lock.isLeader() }, 'worker started');

  return {
    id,
    isLeader: () => lock.isLeader(),
    async close() {
      await lock.release();
      logger.info('worker stopped');
    },
  };
}
