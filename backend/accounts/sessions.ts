import { createHmac, timingSafeEqual } from 'node:crypto';
import type { KV } from '../lib/kv/types';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionKey, type AppSession } from '../middlewares/session';

declare module '../middlewares/session' {
  interface SessionData {
    /** The user's session epoch when this session signed in (see endAllSessions). */
    epoch?: number;
  }
}

/**
 * The per-user session registry. Each signed-in session records the user's current *epoch*;
 * ending every session of a user is one atomic increment of that epoch in the KV (Redis when
 * REDIS_URL is set), which every web process sees at once: a session whose epoch is older is
 * signed out at its next request. (A set of session ids would need a read-modify-write the KV
 * interface cannot do atomically; the epoch cannot lose a concurrent sign-in.)
 */
export function epochKey(userId: number): string {
  return `acct:epoch:${userId}`;
}

/** Published with the user id whenever a user's sessions end (realtime disconnects the sockets). */
export const SESSIONS_ENDED_CHANNEL = 'accounts:sessions-ended';

export async function currentEpoch(kv: KV, userId: number): Promise<number> {
  const raw = await kv.get(epochKey(userId));
  return raw === null ? 0 : Number(raw);
}

/** Ends every session of the user (sign-out everywhere, block, delete, password reset). */
export async function endAllSessions(kv: KV, userId: number): Promise<number> {
  const epoch = await kv.incr(epochKey(userId));
  await kv.publish(SESSIONS_ENDED_CHANNEL, String(userId));
  return epoch;
}

/** Ends every other session of the user and keeps this one signed in. */
export async function endOtherSessions(kv: KV, userId: number, session: AppSession): Promise<void> {
  session.epoch = await endAllSessions(kv, userId);
}

/** Whether a session's signed-in user is still valid (its epoch is the user's current one). */
export async function isSessionCurrent(kv: KV, session: AppSession | null): Promise<number | null> {
  const userId = session?.userId;
  if (typeof userId !== 'number') return null;
  return (session?.epoch ?? 0) === (await currentEpoch(kv, userId)) ? userId : null;
}

/**
 * Signs a session in: records the user and epoch, then gives it a new id (the old one is
 * destroyed in the store: no session fixation). Remember-me keeps a 30-day cookie; otherwise
 * the cookie ends with the browser.
 */
export async function startSession(kv: KV, session: AppSession, props: { userId: number; remember: boolean }): Promise<void> {
  session.userId = props.userId;
  session.epoch = await currentEpoch(kv, props.userId);
  (session as unknown as { maxAge: number | 'session' }).maxAge = props.remember ? SESSION_MAX_AGE_MS : 'session';
  await session.regenerate();
}

/**
 * The signed-in user id of a Socket.IO handshake's cookies (verifies the koa-session signature
 * with any of the session keys, then the stored session and its epoch), or null.
 */
export async function userIdFromCookieHeader(kv: KV, keys: string[], cookieHeader: string | undefined): Promise<number | null> {
  if (!cookieHeader) return null;
  const cookies = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const id = cookies.get(SESSION_COOKIE);
  const signature = cookies.get(`${SESSION_COOKIE}.sig`);
  if (!id || !signature) return null;
  const signed = keys.some((key) => {
    const expected = Buffer.from(
      createHmac('sha1', key).update(`${SESSION_COOKIE}=${id}`).digest('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'),
    );
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return null;
  const raw = await kv.get(sessionKey(id));
  if (raw === null) return null;
  const data = JSON.parse(raw) as { userId?: unknown; epoch?: unknown; _expire?: unknown };
  if (typeof data._expire === 'number' && data._expire < Date.now()) return null;
  if (typeof data.userId !== 'number') return null;
  const epoch = typeof data.epoch === 'number' ? data.epoch : 0;
  return epoch === (await currentEpoch(kv, data.userId)) ? data.userId : null;
}
