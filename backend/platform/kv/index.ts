import type { Config } from '../config/types';
import type { Logger } from '../logger';
import { MemoryKV } from './memory';
import { RedisKV } from './redis';
import type { KV } from './types';

export type { KV } from './types';
export { KVUnavailableError } from './errors';
export { MemoryKV } from './memory';
export { RedisKV, type RedisKVOptions } from './redis';

/** RedisKV when REDIS_URL is set (prefixed with REDIS_PREFIX), otherwise the in-process MemoryKV. */
export function createKV(config: Pick<Config, 'redisUrl' | 'redisPrefix'>, logger?: Logger): KV {
  if (config.redisUrl === null) return new MemoryKV();
  return new RedisKV({ url: config.redisUrl, prefix: config.redisPrefix, logger });
}
