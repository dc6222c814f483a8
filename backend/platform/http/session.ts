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

/** koa-session's external store on the KV, so sign-out and blocking can revoke sessions. */
export function kvSessionStore(kv: KV) {
  return {
    async get(id: string): Promise<Record<string, unknown> | undefined> {
      const raw = await kv.get(sessionKey(id));
      return raw === null ? undefined : (JSON.parse(raw) as Record<string, unknown>);
    },
    async set(id: string, data: unknown, maxAge: number): Promise<void> {
      await kv.set(sessionKey(id), JSON.stringify(data), maxAge > 0 ? maxAge : SESSION_MAX_AGE_MS);
    },
    async destroy(id: string): Promise<void> {
      await kv.del(sessionKey(id));
    },
  };
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
      store: kvSessionStore(options.kv),
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
