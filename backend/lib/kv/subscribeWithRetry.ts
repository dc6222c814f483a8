import type { Logger } from '../logger';
import type { KV } from './types';

export const SUBSCRIBE_RETRY_MS = 2000;

/**
 * Subscribes to a KV channel and keeps trying while the KV is unreachable (Redis down at
 * start-up must not stop a web process from starting). Resolves at once; the returned function
 * stops retrying and unsubscribes.
 */
export function subscribeWithRetry(
  kv: KV,
  channel: string,
  onMessage: (message: string) => void,
  options: { logger: Logger; retryMs?: number },
): () => Promise<void> {
  let unsubscribe: (() => Promise<void>) | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const attempt = async (): Promise<void> => {
    try {
      const stop = await kv.subscribe(channel, onMessage);
      if (closed) await stop();
      else unsubscribe = stop;
    } catch (error) {
      if (closed) return;
      options.logger.warn({ err: error, channel }, 'cannot subscribe yet; retrying');
      timer = setTimeout(() => void attempt(), options.retryMs ?? SUBSCRIBE_RETRY_MS);
      timer.unref();
    }
  };
  const first = attempt();

  return async () => {
    closed = true;
    clearTimeout(timer);
    await first;
    await unsubscribe?.();
  };
}
