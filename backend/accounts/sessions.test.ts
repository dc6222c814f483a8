import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { expect } from 'chai';
import Keygrip from 'keygrip';
import { MemoryKV } from '../platform/kv/memory';
import { SESSION_COOKIE, sessionKey } from '../platform/http/session';
import { currentEpoch, endAllSessions, SESSIONS_ENDED_CHANNEL, userIdOfHandshake } from './sessions';

const KEYS = ['first-key-of-at-least-32-characters!!', 'older-key-still-accepted-for-a-while'];

/** A handshake request carrying the session cookie signed as koa-session does (HMAC-SHA1, base64url). */
function cookieFor(id: string, key = KEYS[0]): IncomingMessage {
  const sig = createHmac('sha1', key!).update(`${SESSION_COOKIE}=${id}`).digest('base64url');
  return handshake(`lang=en; ${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=${sig}`);
}

function handshake(cookie?: string): IncomingMessage {
  return { headers: cookie === undefined ? {} : { cookie } } as IncomingMessage;
}

const userOf = (kv: MemoryKV, keys: string[], request: IncomingMessage) => userIdOfHandshake(kv, new Keygrip(keys), request);

describe('accounts/sessions', () => {
  it('ends every session of a user by moving the epoch and announces it', async () => {
    const kv = new MemoryKV();
    const heard = new Promise<string>((resolve) => void kv.subscribe(SESSIONS_ENDED_CHANNEL, resolve));
    expect(await currentEpoch(kv, 5)).to.equal(0);
    expect(await endAllSessions(kv, 5)).to.equal(1);
    expect(await currentEpoch(kv, 5)).to.equal(1);
    expect(await currentEpoch(kv, 6)).to.equal(0);
    expect(await heard).to.equal('5');
  });

  describe('userIdOfHandshake (Socket.IO handshakes)', () => {
    it('answers the user of a signed, stored, current session (any configured key)', async () => {
      const kv = new MemoryKV();
      await kv.set(sessionKey('abc'), JSON.stringify({ userId: 9, epoch: 0 }));
      expect(await userOf(kv, KEYS, cookieFor('abc'))).to.equal(9);
      expect(await userOf(kv, KEYS, cookieFor('abc', KEYS[1]))).to.equal(9);
    });

    it('answers null for a forged signature, a missing session or an ended one', async () => {
      const kv = new MemoryKV();
      await kv.set(sessionKey('abc'), JSON.stringify({ userId: 9, epoch: 0 }));
      expect(await userOf(kv, KEYS, cookieFor('abc', 'another-key'))).to.equal(null);
      expect(await userOf(kv, KEYS, cookieFor('missing'))).to.equal(null);
      expect(await userOf(kv, KEYS, handshake())).to.equal(null);
      expect(await userOf(kv, KEYS, handshake(`${SESSION_COOKIE}=abc`))).to.equal(null);
      await kv.set(sessionKey('old'), JSON.stringify({ userId: 9, epoch: 0, _expire: Date.now() - 1 }));
      expect(await userOf(kv, KEYS, cookieFor('old'))).to.equal(null);
      await endAllSessions(kv, 9);
      expect(await userOf(kv, KEYS, cookieFor('abc'))).to.equal(null);
    });
  });
});
