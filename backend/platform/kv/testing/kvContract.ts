/**
 * The behaviour every KV implementation shares, as a mocha suite. memory.test.ts runs it on
 * MemoryKV, redis.int.test.ts on RedisKV against a real Redis.
 */
import { expect } from 'chai';
import type { KV } from '../types';

export interface KVUnderTest {
  kv: KV;
  /** Lets at least `ms` milliseconds pass for the store's expiry clock. */
  elapse(ms: number): Promise<void>;
}

/** Resolves with the next message published on `channel`, and the function that unsubscribed. */
export async function nextMessage(kv: KV, channel: string): Promise<{ message: Promise<string>; unsubscribe: () => Promise<void> }> {
  let deliver!: (message: string) => void;
  const message = new Promise<string>((resolve) => (deliver = resolve));
  const unsubscribe = await kv.subscribe(channel, (received) => deliver(received));
  return { message, unsubscribe };
}

export function describeKVContract(name: string, open: () => Promise<KVUnderTest>): void {
  describe(`${name} (KV contract)`, () => {
    let store: KVUnderTest;
    let kv: KV;

    beforeEach(async () => {
      store = await open();
      kv = store.kv;
    });
    afterEach(async () => kv.close());

    describe('values', () => {
      it('answers null for a key never set', async () => {
        expect(await kv.get('missing')).to.equal(null);
      });

      it('reads back what was set', async () => {
        await kv.set('greeting', 'привет');
        expect(await kv.get('greeting')).to.equal('привет');
      });

      it('replaces the value on a second set', async () => {
        await kv.set('counter-name', 'first');
        await kv.set('counter-name', 'second');
        expect(await kv.get('counter-name')).to.equal('second');
      });

      it('forgets a deleted key', async () => {
        await kv.set('doomed', 'x');
        await kv.del('doomed');
        expect(await kv.get('doomed')).to.equal(null);
      });

      it('deletes a missing key without complaint', async () => {
        await kv.del('never-there');
        expect(await kv.get('never-there')).to.equal(null);
      });
    });

    describe('expiry', () => {
      it('reports -2 for a missing key and -1 for a key without expiry', async () => {
        await kv.set('forever', 'x');
        expect(await kv.ttl('missing')).to.equal(-2);
        expect(await kv.ttl('forever')).to.equal(-1);
      });

      it('reports the remaining time of a key set with a TTL', async () => {
        await kv.set('short', 'x', 60_000);
        const ttl = await kv.ttl('short');
        expect(ttl).to.be.above(0).and.at.most(60_000);
      });

      it('drops a key once its TTL has passed', async () => {
        await kv.set('fleeting', 'x', 20);
        await store.elapse(40);
        expect(await kv.get('fleeting')).to.equal(null);
        expect(await kv.ttl('fleeting')).to.equal(-2);
      });

      it('clears the TTL when a key is set again without one', async () => {
        await kv.set('renewed', 'x', 60_000);
        await kv.set('renewed', 'y');
        expect(await kv.ttl('renewed')).to.equal(-1);
      });

      it('refuses a TTL that is not a positive whole number of milliseconds', async () => {
        for (const ttl of [0, -5, 1.5, Number.NaN]) {
          let error: unknown;
          await kv.set('bad-ttl', 'x', ttl).catch((caught: unknown) => (error = caught));
          expect(error, String(ttl)).to.be.instanceOf(RangeError);
        }
        expect(await kv.get('bad-ttl')).to.equal(null);
      });
    });

    describe('setIfAbsent', () => {
      it('sets a missing key and answers true', async () => {
        expect(await kv.setIfAbsent('lock', 'owner-1')).to.equal(true);
        expect(await kv.get('lock')).to.equal('owner-1');
      });

      it('leaves an existing key alone and answers false', async () => {
        await kv.setIfAbsent('lock', 'owner-1');
        expect(await kv.setIfAbsent('lock', 'owner-2')).to.equal(false);
        expect(await kv.get('lock')).to.equal('owner-1');
      });

      it('gives the key its TTL', async () => {
        await kv.setIfAbsent('nonce', 'x', 60_000);
        expect(await kv.ttl('nonce')).to.be.above(0).and.at.most(60_000);
      });

      it('succeeds again once the previous key expired', async () => {
        await kv.setIfAbsent('lease', 'first', 20);
        await store.elapse(40);
        expect(await kv.setIfAbsent('lease', 'second')).to.equal(true);
        expect(await kv.get('lease')).to.equal('second');
      });
    });

    describe('incr', () => {
      it('starts a missing counter at 1 and counts up', async () => {
        expect(await kv.incr('hits')).to.equal(1);
        expect(await kv.incr('hits')).to.equal(2);
        expect(await kv.get('hits')).to.equal('2');
      });

      it('continues from an integer value that was set', async () => {
        await kv.set('hits', '41');
        expect(await kv.incr('hits')).to.equal(42);
      });

      it('applies the TTL when it creates the counter, not on later increments', async () => {
        await kv.incr('window', 10_000);
        await kv.incr('window', 60_000);
        expect(await kv.ttl('window')).to.be.above(0).and.at.most(10_000);
      });

      it('starts again from 1 after the counter expired', async () => {
        await kv.incr('window', 20);
        await kv.incr('window', 20);
        await store.elapse(40);
        expect(await kv.incr('window', 20)).to.equal(1);
      });

      it('rejects incrementing a value that is not an integer', async () => {
        await kv.set('word', 'abc');
        let error: unknown;
        await kv.incr('word').catch((caught: unknown) => (error = caught));
        expect(error).to.be.instanceOf(Error);
        expect(await kv.get('word')).to.equal('abc');
      });
    });

    describe('setIfGreater', () => {
      it('stores a greater value only, compared as whole numbers of any length', async () => {
        expect(await kv.setIfGreater('nonce', '9')).to.equal('stored');
        expect(await kv.setIfGreater('nonce', '10')).to.equal('stored');
        expect(await kv.setIfGreater('nonce', '10')).to.equal('not-greater');
        expect(await kv.setIfGreater('nonce', '9')).to.equal('not-greater');
        const huge = '1' + '0'.repeat(30);
        expect(await kv.setIfGreater('nonce', huge)).to.equal('stored');
        expect(await kv.setIfGreater('nonce', '9'.repeat(29))).to.equal('not-greater');
        expect(await kv.get('nonce')).to.equal(huge);
      });

      it('refuses a value not above the floor, stored value or not', async () => {
        expect(await kv.setIfGreater('nonce', '5', { floor: '5' })).to.equal('not-greater');
        expect(await kv.get('nonce')).to.equal(null);
        expect(await kv.setIfGreater('nonce', '6', { floor: '5' })).to.equal('stored');
        await kv.set('nonce', '3');
        expect(await kv.setIfGreater('nonce', '4', { floor: '5' })).to.equal('not-greater');
        expect(await kv.setIfGreater('nonce', '7', { floor: null })).to.equal('stored');
      });

      it('leaves a missing key missing with onlyIfPresent', async () => {
        expect(await kv.setIfGreater('nonce', '5', { onlyIfPresent: true })).to.equal('absent');
        expect(await kv.get('nonce')).to.equal(null);
        await kv.set('nonce', '5');
        expect(await kv.setIfGreater('nonce', '6', { onlyIfPresent: true })).to.equal('stored');
        expect(await kv.setIfGreater('nonce', '6', { onlyIfPresent: true })).to.equal('not-greater');
      });

      it('stores exactly one of many parallel calls with one value', async () => {
        const results = await Promise.all(Array.from({ length: 50 }, () => kv.setIfGreater('nonce', '1700000000000')));
        expect(results.filter((result) => result === 'stored')).to.have.length(1);
      });

      it('renews the TTL when it stores', async () => {
        await kv.setIfGreater('nonce', '1', { ttlMs: 20 });
        expect(await kv.setIfGreater('nonce', '2', { ttlMs: 60_000 })).to.equal('stored');
        expect(await kv.ttl('nonce')).to.be.above(20);
      });

      it('rejects values that are not canonical non-negative integers', async () => {
        for (const bad of ['', '-1', '01', '1.5', '1e3', ' 1']) {
          let error: unknown;
          await kv.setIfGreater('nonce', bad).catch((caught: unknown) => (error = caught));
          expect(error, bad).to.be.instanceOf(RangeError);
        }
      });
    });

    describe('hashes', () => {
      it('answers {} for a missing hash and reads back the fields set', async () => {
        expect(await kv.hashGetAll('index')).to.deep.equal({});
        await kv.hashSet('index', 'a', '1');
        await kv.hashSet('index', 'b', 'два');
        await kv.hashSet('index', 'a', '3');
        expect(await kv.hashGetAll('index')).to.deep.equal({ a: '3', b: 'два' });
        expect(await kv.ttl('index')).to.equal(-1);
      });

      it('removes a field, and the hash with its last field', async () => {
        await kv.hashSet('index', 'a', '1');
        await kv.hashSet('index', 'b', '2');
        await kv.hashDel('index', 'a');
        await kv.hashDel('index', 'never-there');
        expect(await kv.hashGetAll('index')).to.deep.equal({ b: '2' });
        await kv.hashDel('index', 'b');
        expect(await kv.ttl('index')).to.equal(-2);
        await kv.hashDel('missing', 'x');
      });

      it('gives the whole hash the TTL passed, keeps it on a set without one, drops it once passed', async () => {
        await kv.hashSet('index', 'a', '1', 60_000);
        await kv.hashSet('index', 'b', '2');
        expect(await kv.ttl('index')).to.be.above(0).and.at.most(60_000);
        await kv.hashSet('index', 'c', '3', 20);
        await store.elapse(40);
        expect(await kv.hashGetAll('index')).to.deep.equal({});
        expect(await kv.ttl('index')).to.equal(-2);
      });

      it('is gone after del, and refuses string commands on a hash and hash commands on a string', async () => {
        await kv.hashSet('index', 'a', '1');
        let error: unknown;
        await kv.get('index').catch((caught: unknown) => (error = caught));
        expect(error).to.be.instanceOf(Error);
        error = undefined;
        await kv.set('word', 'abc');
        await kv.hashSet('word', 'a', '1').catch((caught: unknown) => (error = caught));
        expect(error).to.be.instanceOf(Error);
        expect(await kv.get('word')).to.equal('abc');
        await kv.del('index');
        expect(await kv.hashGetAll('index')).to.deep.equal({});
      });
    });

    describe('pub/sub', () => {
      it('delivers a published message to a subscriber of the channel', async () => {
        const { message } = await nextMessage(kv, 'news');
        await kv.publish('news', 'rates changed');
        expect(await message).to.equal('rates changed');
      });

      it('delivers to every subscriber of the channel', async () => {
        const first = await nextMessage(kv, 'news');
        const second = await nextMessage(kv, 'news');
        await kv.publish('news', 'hello');
        expect(await Promise.all([first.message, second.message])).to.deep.equal(['hello', 'hello']);
      });

      it('does not deliver messages of other channels', async () => {
        const received: string[] = [];
        await kv.subscribe('news', (message) => received.push(message));
        const other = await nextMessage(kv, 'other');
        await kv.publish('other', 'not news');
        await kv.publish('news', 'news');
        await other.message;
        const news = await nextMessage(kv, 'news');
        await kv.publish('news', 'more news');
        await news.message;
        expect(received).to.deep.equal(['news', 'more news']);
      });

      it('stops delivering to a handler after it unsubscribed', async () => {
        const received: string[] = [];
        const unsubscribe = await kv.subscribe('news', (message) => received.push(message));
        const stillSubscribed = await nextMessage(kv, 'news');
        await unsubscribe();
        await kv.publish('news', 'after unsubscribe');
        // Delivery is in publish order: once the remaining subscriber has the message, the
        // removed handler would have had it too.
        expect(await stillSubscribed.message).to.equal('after unsubscribe');
        expect(received).to.deep.equal([]);
      });

      it('keeps separate subscriptions of the same function independent', async () => {
        const received: string[] = [];
        const handler = (message: string) => received.push(message);
        const unsubscribeFirst = await kv.subscribe('news', handler);
        await kv.subscribe('news', handler);
        await unsubscribeFirst();
        const probe = await nextMessage(kv, 'news');
        await kv.publish('news', 'once');
        await probe.message;
        expect(received).to.deep.equal(['once']);
      });

      it('publishes to a channel nobody listens to without complaint', async () => {
        await kv.publish('empty-room', 'anyone?');
        expect(await kv.get('empty-room')).to.equal(null);
      });
    });

    it('answers ping', async () => {
      await kv.ping();
      expect(kv.kind).to.be.oneOf(['memory', 'redis']);
    });
  });
}
