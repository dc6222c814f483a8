import { expect } from 'chai';
import { createLogger } from '../logger';
import { MemoryKV } from './memory';
import type { KV } from './types';
import { subscribeWithRetry } from './subscribeWithRetry';

const logger = createLogger({ logLevel: 'silent', role: 'web' });

/** A KV whose subscribe fails the first `failures` times, as Redis does while it is down. */
function flakyKV(inner: KV, failures: number): KV {
  let left = failures;
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'subscribe') {
        return (channel: string, onMessage: (message: string) => void) => {
          if (left > 0) {
            left -= 1;
            return Promise.reject(new Error('unavailable'));
          }
          return target.subscribe(channel, onMessage);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('subscribeWithRetry', () => {
  it('keeps trying while the KV refuses, then delivers messages', async () => {
    const inner = new MemoryKV();
    const kv = flakyKV(inner, 2);
    const received: string[] = [];
    const stop = subscribeWithRetry(kv, 'chan', (message) => received.push(message), { logger, retryMs: 5 });
    for (let i = 0; i < 200 && received.length === 0; i++) {
      await inner.publish('chan', 'hello');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(received[0]).to.equal('hello');
    await stop();
    await inner.close();
  });

  it('tells a subscription that came only after failures since when messages were missed, and no other', async () => {
    const inner = new MemoryKV();
    const started = Date.now();
    const late: Date[] = [];
    const stopLate = subscribeWithRetry(flakyKV(inner, 2), 'chan', () => undefined, { logger, retryMs: 5, onLate: (since) => late.push(since) });
    const onTime: Date[] = [];
    const stopOnTime = subscribeWithRetry(inner, 'chan', () => undefined, { logger, retryMs: 5, onLate: (since) => onTime.push(since) });
    for (let i = 0; i < 200 && late.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(late).to.have.length(1);
    expect(late[0].getTime()).to.be.within(started, Date.now());
    expect(onTime).to.deep.equal([]);
    await Promise.all([stopLate(), stopOnTime()]);
    await inner.close();
  });

  it('stops retrying and delivers nothing once stopped', async () => {
    const inner = new MemoryKV();
    const kv = flakyKV(inner, 1_000_000);
    const received: string[] = [];
    const stop = subscribeWithRetry(kv, 'chan', (message) => received.push(message), { logger, retryMs: 5 });
    await stop();
    await inner.publish('chan', 'late');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).to.deep.equal([]);
    await inner.close();
  });
});
