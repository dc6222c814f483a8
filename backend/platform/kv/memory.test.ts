import { describeKVContract } from './testing/kvContract';
import { MemoryKV } from './memory';

describeKVContract('MemoryKV', async () => {
  // A clock the test moves, so expiry is checked without waiting.
  let now = Date.UTC(2030, 0, 1);
  const kv = new MemoryKV(() => now);
  return {
    kv,
    async elapse(ms) {
      now += ms;
    },
  };
});
