import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import createSession from 'koa-session';
import type { KV } from '../kv/types';
import type { AppMiddleware } from './types';

/** What the app keeps in a session. */
export interface SessionData {
  userId?: number;
}

/** The session object koa-session puts on `ctx.session`. */
export type AppSession = SessionData & {
  readonly isNew: boolean;
  regenerate(): Promise<void> | undefined;
  save(): Promise<void> | undefined;
};

declare module 'koa' {
  interface DefaultContext {
    /** The session (koa-session); `ctx.session = null` ends it. */
    session: AppSession | null;
  }
}

export const SESSION_COOKIE = 'sid';
/** Sessions last 30 days without activity limits yet (the accounts issue may shorten them). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The KV key holding one session. */
export function sessionKey(id: string): string {
  return `sess:${id}`;
}

/** 32 random bytes, base64url: 256 bits instead of koa-session's 122-bit UUIDs. */
export function generateSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** The request a session is read or written for (koa-session passes it to its store). */
export type SessionRequest = Pick<Koa.Context, 'ip' | 'get'>;

/** A stored session as koa-session writes it: the app's data and its own `_expire`. */
export type StoredSession = SessionData & { _expire?: number } & Record<string, unknown>;

/**
 * What a store's user learns of the sessions it keeps (an index of them, say). Each runs after the
 * store's own write, so a session is stored before anything points at it; none can extend one.
 */
export interface SessionStoreHooks {
  /** A session was written: created, changed or renewed. */
  saved?(id: string, data: StoredSession, request: SessionRequest | undefined): Promise<void>;
  /** A session was read for a request (every request that looks at its session). */
  loaded?(id: string, data: StoredSession, request: SessionRequest | undefined): Promise<void>;
  /** A session was destroyed (sign-out, a new id at sign-in); `data` is what it held. */
  destroyed?(id: string, data: StoredSession | undefined): Promise<void>;
}

/** What koa-session passes its store as the last argument. */
interface StoreCall {
  ctx?: SessionRequest;
}

/** koa-session's external store on the KV, so sign-out and blocking can revoke sessions. */
export function kvSessionStore(kv: KV, hooks: SessionStoreHooks = {}) {
  async function read(id: string): Promise<StoredSession | undefined> {
    const raw = await kv.get(sessionKey(id));
    return raw === null ? undefined : (JSON.parse(raw) as StoredSession);
  }
  return {
    async get(id: string, _maxAge?: unknown, call?: StoreCall): Promise<StoredSession | undefined> {
      const data = await read(id);
      if (data && hooks.loaded) await hooks.loaded(id, data, call?.ctx);
      return data;
    },
    async set(id: string, data: StoredSession, maxAge: number, call?: StoreCall): Promise<void> {
      await kv.set(sessionKey(id), JSON.stringify(data), maxAge > 0 ? maxAge : SESSION_MAX_AGE_MS);
      if (hooks.saved) await hooks.saved(id, data, call?.ctx);
    },
    async destroy(id: string): Promise<void> {
      const data = hooks.destroyed ? await read(id) : undefined;
      await kv.del(sessionKey(id));
      if (hooks.destroyed) await hooks.destroyed(id, data);
    },
  };
}

/** The session id this request carries (its signed `sid` cookie), or undefined: never sent to a client. */
export function requestSessionId(ctx: Pick<Koa.Context, 'cookies'>): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE, { signed: true }) || undefined;
}

export interface SessionOptions {
  /**
   * The app koa-session installs `ctx.session` on. Its `keys` (SESSION_KEYS, set where the app is
   * built: the first signs, all verify) sign the cookie.
   */
  app: Pick<Koa, 'use' | 'context' | 'keys'>;
  kv: KV;
  /** Send the cookie over https only (PUBLIC_URL is https), whatever the hop to this server speaks. */
  secure: boolean;
  /** Told of every session saved, read and destroyed (the accounts' per-user index). */
  hooks?: SessionStoreHooks;
}

/**
 * Cookie sessions backed by the KV: an opaque signed id in an httpOnly, SameSite=Lax cookie,
 * the data under `sess:<id>`. Mount it only where sessions are used: reading one costs a KV call.
 */
export function sessions(options: SessionOptions): AppMiddleware {
  const koaSession = createSession(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      signed: true,
      rolling: false,
      renew: true,
      genid: generateSessionId,
      store: kvSessionStore(options.kv, options.hooks),
    },
    options.app,
  );
  return async function sessionMiddleware(ctx, next) {
    // PUBLIC_URL is https, so the browser's side is: a hop to us without X-Forwarded-Proto (no
    // trusted proxy, or one that left it out) must not make the Secure cookie throw (a 500).
    if (options.secure) ctx.cookies.secure = true;
    await koaSession(ctx, next);
  };
}
