/**
 * The per-user index of sessions, for the staff's user view: a KV hash per user
 * (`acct:sessions:<userId>`) whose fields are that user's session ids and whose values say when
 * the session signed in, when it was last seen, from which address and browser.
 *
 * The index only *describes* sessions, it never decides one: a session is alive while its own
 * `sess:<id>` key is (its TTL), its user matches and its epoch is the user's current one
 * (isSessionCurrent). Listing checks each entry so, and prunes the rest (expired, signed out,
 * ended by an epoch move). Writing an entry touches only the hash, never the session, so it keeps
 * no session alive; the hash's own TTL is the longest a session lives, renewed with each write.
 *
 * Kept up to date through koa-session's store (sessionIndexHooks): an entry is written when a
 * signed-in session is saved (sign-in, a change, a renewal), its last-seen time at most once a
 * minute per process when a request reads the session, and removed when the session is destroyed.
 */
import { createHash } from 'node:crypto';
import type { KV } from '../platform/kv/types';
import {
  SESSION_MAX_AGE_MS,
  sessionKey,
  type SessionRequest,
  type SessionStoreHooks,
  type StoredSession,
} from '../platform/http/session';
import { clientIp } from '../platform/security/rateLimit';
import { currentEpoch, SESSION_ENDED_CHANNEL } from './sessions';

/** The hash indexing a user's sessions. */
export function sessionIndexKey(userId: number): string {
  return `acct:sessions:${userId}`;
}

/** Longest user agent kept (as the sign-in log keeps it). */
export const USER_AGENT_MAX = 200;
/** The last-seen time moves at most this often per session and process (one KV write a minute). */
export const LAST_SEEN_STEP_MS = 60_000;
/** Sessions the per-process last-seen throttle remembers before it starts afresh. */
const THROTTLE_MAX = 50_000;
/** The hash outlives its newest write by the longest a session lives (and koa-session's margin). */
const INDEX_TTL_MS = SESSION_MAX_AGE_MS + 60_000;

/** Where and when a session signed in, kept in the session itself (`startSession`). */
export interface SessionOrigin {
  at: number;
  ip: string;
  userAgent: string;
}

declare module '../platform/http/session' {
  interface SessionData {
    /** Where and when this session signed in (see sessionIndex.ts). */
    signedIn?: SessionOrigin;
  }
}

/** The origin of a session signing in on this request. */
export function sessionOrigin(request: SessionRequest, now = Date.now()): SessionOrigin {
  return { at: now, ip: clientIp(request), userAgent: request.get('User-Agent').slice(0, USER_AGENT_MAX) };
}

/** One indexed session, as the index stores it (times in epoch ms). */
interface IndexEntry {
  /** Null for a session signed in before the index kept origins. */
  createdAt: number | null;
  lastSeenAt: number;
  ip: string | null;
  userAgent: string | null;
}

/** One live session of a user. `sessionId` is the session key: it never leaves the server. */
export interface IndexedSession extends IndexEntry {
  sessionId: string;
}

/**
 * A short opaque name of a session for the console: the first 96 bits of the SHA-256 of its
 * 256-bit random id — names it, cannot be turned back into it.
 */
export function opaqueSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 16);
}

function entryOf(data: StoredSession, request: SessionRequest | undefined, now: number): IndexEntry {
  const origin = data.signedIn;
  if (origin) return { createdAt: origin.at, lastSeenAt: now, ip: origin.ip, userAgent: origin.userAgent };
  const seen = request ? sessionOrigin(request, now) : null;
  return { createdAt: null, lastSeenAt: now, ip: seen?.ip ?? null, userAgent: seen?.userAgent ?? null };
}

function parseEntry(raw: string): IndexEntry | null {
  try {
    const entry = JSON.parse(raw) as Partial<IndexEntry>;
    if (typeof entry.lastSeenAt !== 'number') return null;
    return {
      createdAt: typeof entry.createdAt === 'number' ? entry.createdAt : null,
      lastSeenAt: entry.lastSeenAt,
      ip: typeof entry.ip === 'string' ? entry.ip : null,
      userAgent: typeof entry.userAgent === 'string' ? entry.userAgent : null,
    };
  } catch {
    return null;
  }
}

/** The store hooks keeping the index; one instance per app (its last-seen throttle is per process). */
export function sessionIndexHooks(kv: KV, now: () => number = Date.now): SessionStoreHooks {
  const touched = new Map<string, number>();
  async function write(id: string, data: StoredSession, request: SessionRequest | undefined): Promise<void> {
    if (typeof data.userId !== 'number') return;
    const at = now();
    if (touched.size >= THROTTLE_MAX) touched.clear();
    touched.set(id, at);
    await kv.hashSet(sessionIndexKey(data.userId), id, JSON.stringify(entryOf(data, request, at)), INDEX_TTL_MS);
  }
  return {
    saved: write,
    async loaded(id, data, request) {
      if (typeof data._expire === 'number' && data._expire < now()) return;
      const last = touched.get(id);
      if (last !== undefined && now() - last < LAST_SEEN_STEP_MS) return;
      await write(id, data, request);
    },
    async destroyed(id, data) {
      touched.delete(id);
      if (typeof data?.userId === 'number') await kv.hashDel(sessionIndexKey(data.userId), id);
    },
  };
}

/** Whether the stored session is one of the user's live sessions (the checks isSessionCurrent and koa-session make). */
function isLive(raw: string | null, userId: number, epoch: number, now: number): boolean {
  if (raw === null) return false;
  let data: StoredSession;
  try {
    data = JSON.parse(raw) as StoredSession;
  } catch {
    return false;
  }
  if (data.userId !== userId || (data.epoch ?? 0) !== epoch) return false;
  return !(typeof data._expire === 'number' && data._expire < now);
}

/**
 * The user's live sessions, last seen first; entries of sessions no longer live are removed from
 * the index on the way.
 */
export async function listUserSessions(kv: KV, userId: number, now = Date.now()): Promise<IndexedSession[]> {
  const key = sessionIndexKey(userId);
  const [fields, epoch] = await Promise.all([kv.hashGetAll(key), currentEpoch(kv, userId)]);
  const checked = await Promise.all(
    Object.entries(fields).map(async ([sessionId, raw]) => {
      const entry = parseEntry(raw);
      const live = entry !== null && isLive(await kv.get(sessionKey(sessionId)), userId, epoch, now);
      if (!live) {
        await kv.hashDel(key, sessionId);
        return null;
      }
      return { sessionId, ...entry };
    }),
  );
  return checked.filter((session): session is IndexedSession => session !== null).sort((a, b) => b.lastSeenAt - a.lastSeenAt);
}

/** The user's live session named `opaqueId` (opaqueSessionId), or null. */
export async function findUserSession(kv: KV, userId: number, opaqueId: string): Promise<IndexedSession | null> {
  const sessions = await listUserSessions(kv, userId);
  return sessions.find((session) => opaqueSessionId(session.sessionId) === opaqueId) ?? null;
}

/** Ends one session: its next request is signed out, and every web process disconnects its sockets. */
export async function endSession(kv: KV, userId: number, sessionId: string): Promise<void> {
  await kv.del(sessionKey(sessionId));
  await kv.hashDel(sessionIndexKey(userId), sessionId);
  await kv.publish(SESSION_ENDED_CHANNEL, `${userId}:${opaqueSessionId(sessionId)}`);
}
