import { expect } from 'chai';
import { MemoryKV } from '../kv';
import { generateSessionId, kvSessionStore, sessionKey } from './session';

describe('sessions', () => {
  it('generates ids of 32 random bytes in base64url', () => {
    const id = generateSessionId();
    expect(id).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(id, 'base64url')).to.have.length(32);
  });

  it('never repeats an id', () => {
    const ids = new Set(Array.from({ length: 1000 }, generateSessionId));
    expect(ids.size).to.equal(1000);
  });

  it('stores a session under sess:<id> with its max age as TTL', async () => {
    let now = 5_000;
    const kv = new MemoryKV(() => now);
    const store = kvSessionStore(kv);
    await store.set('abc', { userId: 3 }, 60_000);
    expect(JSON.parse((await kv.get(sessionKey('abc')))!)).to.deep.equal({ userId: 3 });
    expect(await store.get('abc')).to.deep.equal({ userId: 3 });
    now += 60_001;
    expect(await store.get('abc')).to.equal(undefined);
  });

  it('removes a destroyed session from the KV', async () => {
    const kv = new MemoryKV();
    const store = kvSessionStore(kv);
    await store.set('abc', { userId: 3 }, 60_000);
    await store.destroy('abc');
    expect(await kv.get('sess:abc')).to.equal(null);
  });
});
