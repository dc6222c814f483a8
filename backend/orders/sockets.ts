import type { ApiErrorBody } from '../../common/api';
import { ErrorCode } from '../../common/api';
import { rooms } from '../../common/events';
import type { OrderDto } from '../../common/orders';
import { TooManyRequestsError } from '../platform/errors';
import type { ServerI18n, Translate } from '../platform/i18n';
import type { Logger } from '../platform/logger';
import type { OrderLive } from './live';
import { clientIp, type Limiter, type RateLimits } from '../platform/security/rateLimit';
import type { RealtimeIO, RealtimeSocket } from '../platform/realtime/types';

const UID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_SECRET_LENGTH = 256;

/** Join attempts one socket may make per window (a page joins once, and again on reconnect). */
export const JOIN_ATTEMPTS_PER_SOCKET = 20;
export const JOIN_WINDOW_MS = 60_000;
/** Unknown order or wrong secret, per client address (every process together, with Redis). */
export const JOIN_FAILURES_PER_IP = 60;
export const JOIN_FAILURES_WINDOW_SEC = 10 * 60;

/** Looks an order up by its public uid and secret; null for a missing order and a wrong secret alike. */
export type FindCustomerOrder = (uid: string, secret: string) => Promise<OrderDto | null>;

export interface OrderHandlerDeps {
  i18n: ServerI18n;
  logger: Logger;
  live: OrderLive;
  findOrder: FindCustomerOrder;
  rateLimits: RateLimits;
  trustProxy: boolean;
}

function isJoinPayload(payload: unknown): payload is { uid: string; secret: string } {
  if (typeof payload !== 'object' || payload === null) return false;
  const { uid, secret } = payload as Record<string, unknown>;
  return (
    typeof uid === 'string' &&
    UID_RE.test(uid) &&
    typeof secret === 'string' &&
    secret.length > 0 &&
    secret.length <= MAX_SECRET_LENGTH
  );
}

function failure(t: Translate, code: ErrorCode): { error: ApiErrorBody } {
  return { error: { code, message: t(`errors.${code}`) } };
}

/**
 * The client address of a handshake as the HTTP app sees it: the peer, or with TRUST_PROXY the
 * one entry the trusted proxy appended to X-Forwarded-For (the app's `maxIpsCount: 1`).
 */
export function socketAddress(socket: Pick<RealtimeSocket, 'handshake'>, trustProxy: boolean): string {
  const forwarded = trustProxy ? String(socket.handshake.headers['x-forwarded-for'] ?? '').split(',').pop()?.trim() : '';
  return clientIp({ ip: forwarded || socket.handshake.address });
}

/** A fixed window of attempts of one socket (in memory: a socket lives in one process). */
function attemptWindow(limit: number, windowMs: number): () => boolean {
  let started = 0;
  let used = 0;
  return () => {
    const now = Date.now();
    if (now - started >= windowMs) {
      started = now;
      used = 0;
    }
    used += 1;
    return used <= limit;
  };
}

/**
 * `order:join {uid, secret}` → the socket joins `order:<uid>` (never the secret in a room name)
 * and the ack carries the order's current DTO — also what a reconnecting page re-joins for to
 * resync. A missing order and a wrong secret answer the same not_found. Limits: attempts per
 * socket, and failures per client address so secrets cannot be guessed through new sockets.
 * `order:leave {uid}` leaves that room.
 */
function registerOrderHandlers(socket: RealtimeSocket, deps: OrderHandlerDeps, failures: Limiter): void {
  const t = deps.i18n.translator(socket.data.lang);
  const allowAttempt = attemptWindow(JOIN_ATTEMPTS_PER_SOCKET, JOIN_WINDOW_MS);
  const address = socketAddress(socket, deps.trustProxy);

  async function join(uid: string, secret: string): Promise<{ data: OrderDto } | { error: ApiErrorBody }> {
    try {
      await failures.check(address);
    } catch (error) {
      return failure(t, error instanceof TooManyRequestsError ? ErrorCode.TooManyRequests : ErrorCode.ServiceUnavailable);
    }
    const watch = deps.live.watchJoin(uid);
    let found: OrderDto | null;
    try {
      found = await deps.findOrder(uid, secret);
    } catch (error) {
      watch.end(null);
      deps.logger.warn({ err: error }, 'order:join lookup failed');
      return failure(t, ErrorCode.ServiceUnavailable);
    }
    if (found === null) {
      watch.end(null);
      await failures.consume(address).catch(() => undefined);
      return failure(t, ErrorCode.NotFound);
    }
    // A socket gone during the lookup must not be added to a room it can never leave.
    if (!socket.connected) {
      watch.end(null);
      return failure(t, ErrorCode.NotFound);
    }
    await socket.join(rooms.order(uid));
    const order = watch.end(found) ?? found;
    deps.live.ticks.joined(order);
    return { data: order };
  }

  socket.on('order:join', (payload, ack) => {
    if (typeof ack !== 'function') return;
    if (!isJoinPayload(payload)) {
      ack(failure(t, ErrorCode.ValidationFailed));
      return;
    }
    if (!allowAttempt()) {
      ack(failure(t, ErrorCode.TooManyRequests));
      return;
    }
    join(payload.uid, payload.secret).then(ack, (error: unknown) => {
      deps.logger.error({ err: error }, 'order:join failed');
      ack(failure(t, ErrorCode.Internal));
    });
  });

  socket.on('order:leave', (payload) => {
    const uid = (payload as { uid?: unknown } | null)?.uid;
    if (typeof uid === 'string' && UID_RE.test(uid)) void socket.leave(rooms.order(uid));
  });
}

/** Registers the order events on every new socket of `io`. */
export function attachOrderHandlers(io: RealtimeIO, deps: OrderHandlerDeps): void {
  const failures = deps.rateLimits.limiter('socket-order-join-failures', JOIN_FAILURES_PER_IP, JOIN_FAILURES_WINDOW_SEC);
  io.on('connection', (socket) => registerOrderHandlers(socket, deps, failures));
}
