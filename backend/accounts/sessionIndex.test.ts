import { expect } from 'chai';
import { MemoryKV } from '../platform/kv/memory';
import { kvSessionStore, sessionKey, type SessionRequest, type StoredSession } from '../platform/http/session';
import { endAllSessions } from './sessions';
import { LAST_SEEN_STEP_MS, listUserSessions, opaqueSessionId, sessionIndexHooks, sessionIndexKey } from './sessionIndex';

const MINUTE = 60_000;

/** koa-session's store with the index hooks, on a KV and a clock the test moves. */
function setup() {
  let now = Date.UTC(2030, 0, 1);
  const kv = new MemoryKV(() => now);
  const store = kvSessionStore(kv, sessionIndexHooks(kv, () => now));
  const request = (ip: string, userAgent: string): SessionRequest => ({ ip, get: (name: string) => (name === 'User-Agent' ? userAgent : '') }) as SessionRequest;
  const signedIn = (userId: number, at: number, userAgent = 'Browser/1'): StoredSession => ({
    userId,
    epoch: 0,
    signedIn: { at, ip: '203.0.113.7', userAgent },
    _expire: at + 10 * MINUTE,
  });
  return {
    kv,
    store,
    request,
    signedIn,
    get now() {
      return now;
    },
    elapse(ms: number) {
      now += ms;
    },
  };
}

describe('accounts/sessionIndex', () => {
  it('indexes a signed-in session when saved, with its origin, and never an anonymous one', async () => {
    const t = setup();
    await t.store.set('anon', {}, 10 * MINUTE, { ctx: t.request('198.51.100.1', 'X') });
    await t.store.set('s1', t.signedIn(5, t.now, 'Phone/1'), 10 * MINUTE, { ctx: t.request('198.51.100.1', 'X') });
    const [session, ...rest] = await listUserSessions(t.kv, 5, t.now);
    expect(rest).to.deep.equal([]);
    expect(session).to.deep.equal({ sessionId: 's1', createdAt: t.now, lastSeenAt: t.now, ip: '203.0.113.7', userAgent: 'Phone/1' });
    expect(opaqueSessionId('s1')).to.match(/^[A-Za-z0-9_-]{16}$/).and.not.include('s1');
  });

  it('moves the last-seen time on reads at most once a minute, and never extends the session', async () => {
    const t = setup();
    const created = t.now;
    await t.store.set('s1', t.signedIn(5, created), 10 * MINUTE, {});
    const ttl = await t.kv.ttl(sessionKey('s1'));
    t.elapse(LAST_SEEN_STEP_MS / 2);
    await t.store.get('s1', undefined, { ctx: t.request('1.1.1.1', 'Y') });
    expect((await listUserSessions(t.kv, 5, t.now))[0]!.lastSeenAt).to.equal(created);
    t.elapse(LAST_SEEN_STEP_MS);
    await t.store.get('s1', undefined, { ctx: t.request('1.1.1.1', 'Y') });
    expect((await listUserSessions(t.kv, 5, t.now))[0]).to.include({ createdAt: created, lastSeenAt: t.now, ip: '203.0.113.7' });
    // The session's own time to live only ran down.
    expect(await t.kv.ttl(sessionKey('s1'))).to.equal(ttl - (3 * LAST_SEEN_STEP_MS) / 2);
  });

  it('prunes expired, destroyed and ended sessions when listing', async () => {
    const t = setup();
    await t.store.set('short', { ...t.signedIn(5, t.now), _expire: t.now + MINUTE }, MINUTE, {});
    await t.store.set('long', t.signedIn(5, t.now), 10 * MINUTE, {});
    await t.store.set('gone', t.signedIn(5, t.now), 10 * MINUTE, {});
    await t.store.set('other', t.signedIn(6, t.now), 10 * MINUTE, {});
    await t.store.destroy('gone');
    t.elapse(2 * MINUTE);
    expect((await listUserSessions(t.kv, 5, t.now)).map((session) => session.sessionId)).to.deep.equal(['long']);
    expect(Object.keys(await t.kv.hashGetAll(sessionIndexKey(5)))).to.deep.equal(['long']);
    await endAllSessions(t.kv, 5);
    expect(await listUserSessions(t.kv, 5, t.now)).to.deep.equal([]);
    expect(await t.kv.hashGetAll(sessionIndexKey(5))).to.deep.equal({});
    expect((await listUserSessions(t.kv, 6, t.now)).map((session) => session.sessionId)).to.deep.equal(['other']);
  });

  it('lists a session signed in before the index kept origins by the address of its request', async () => {
    const t = setup();
    await t.kv.set(sessionKey('old'), JSON.stringify({ userId: 5, epoch: 0 }));
    await t.store.get('old', undefined, { ctx: t.request('::ffff:192.0.2.9', 'Legacy/1') });
    expect(await listUserSessions(t.kv, 5, t.now)).to.deep.equal([{ sessionId: 'old', createdAt: null, lastSeenAt: t.now, ip: '192.0.2.9', userAgent: 'Legacy/1' }]);
  });
});
