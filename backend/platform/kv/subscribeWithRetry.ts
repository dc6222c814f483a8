import type { Logger } from '../logger';
import type { KV } from './types';

export const SUBSCRIBE_RETRY_MS = 2000;

/**
 * Subscribes to a KV channel and keeps trying while the KV is unreachable (Redis down at
 * start-up must not stop a web process from starting). Resolves at once; the returned function
 * stops retrying and unsubscribes. `onLate` hears when a subscription came only after failed
 * attempts, with the time of the first: messages published since then were missed.
 */
export function subscribeWithRetry(
  kv: KV,
  channel: string,
  onMessage: (message: string) => void,
  options: { logger: Logger; retryMs?: number; onLate?: (since: Date) => void },
): () => Promise<void> {
  let unsubscribe: (() => Promise<void>) | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let firstFailure: Date | null = null;

  const attempt = async (): Promise<void> => {
    try {
      const stop = await kv.subscribe(channel, onMessage);
      if (closed) {
        await stop();
        return;
      }
      unsubscribe = stop;
      if (firstFailure) options.onLate?.(firstFailure);
    } catch (error) {
      if (closed) return;
      firstFailure ??= new Date();
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
