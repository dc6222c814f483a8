import type { IncomingMessage } from 'node:http';
import type Keygrip from 'keygrip';
import type { KV } from '../platform/kv/types';
import { handshakeCookies } from '../platform/realtime/cookies';
import type { SessionOrigin } from './sessionIndex';
import { accountVersionKey } from './accountCache';
import { kvSessionStore, SESSION_COOKIE, SESSION_MAX_AGE_MS, type AppSession, type SessionData } from '../platform/http/session';

declare module '../platform/http/session' {
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

/** Published as `<userId>:<opaque session name>` when one session is ended (its sockets disconnect). */
export const SESSION_ENDED_CHANNEL = 'accounts:session-ended';

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

/**
 * Who is signed in, for HTTP (`loadSessionUser`) and sockets (`userIdOfHandshake`) alike: the
 * session's user id while its epoch is the user's current one, else null.
 */
export async function isSessionCurrent(kv: KV, session: SessionData | null | undefined): Promise<number | null> {
  const userId = session?.userId;
  if (typeof userId !== 'number') return null;
  return (session?.epoch ?? 0) === (await currentEpoch(kv, userId)) ? userId : null;
}

/**
 * Signs a session in: records the user and epoch, then gives it a new id (the old one is
 * destroyed in the store: no session fixation). Remember-me keeps a 30-day cookie; otherwise
 * the cookie ends with the browser. The origin (when, address, browser) is what the staff's user
 * view lists the session by (sessionIndex.ts).
 */
export async function startSession(
  kv: KV,
  session: AppSession,
  props: { userId: number; remember: boolean; origin: SessionOrigin },
): Promise<void> {
  session.userId = props.userId;
  session.epoch = await currentEpoch(kv, props.userId);
  // A sign-in reads the account afresh (accountCache.ts): a change no hook saw (another process
  // without the shared KV, e.g. the CLI's unblock) never outlives it.
  await kv.incr(accountVersionKey(props.userId));
  session.signedIn = props.origin;
  (session as unknown as { maxAge: number | 'session' }).maxAge = props.remember ? SESSION_MAX_AGE_MS : 'session';
  await session.regenerate();
}

/**
 * The signed-in session of a Socket.IO handshake: the koa-session cookie read by `cookies` and its
 * `.sig` checked by `keygrip` (any of the session keys, as koa does), then the stored session and
 * its epoch; its user id and session id, or null.
 */
export async function sessionOfHandshake(
  kv: KV,
  keys: Keygrip,
  request: IncomingMessage,
): Promise<{ userId: number; sessionId: string } | null> {
  const jar = handshakeCookies(request);
  const id = jar.get(SESSION_COOKIE);
  const signature = jar.get(`${SESSION_COOKIE}.sig`);
  if (!id || !signature || !keys.verify(`${SESSION_COOKIE}=${id}`, signature)) return null;
  const data = (await kvSessionStore(kv).get(id)) as (SessionData & { _expire?: unknown }) | undefined;
  if (!data || (typeof data._expire === 'number' && data._expire < Date.now())) return null;
  const userId = await isSessionCurrent(kv, data);
  return userId === null ? null : { userId, sessionId: id };
}

/** The signed-in user id of a Socket.IO handshake (sessionOfHandshake), or null. */
export async function userIdOfHandshake(kv: KV, keys: Keygrip, request: IncomingMessage): Promise<number | null> {
  return (await sessionOfHandshake(kv, keys, request))?.userId ?? null;
}
