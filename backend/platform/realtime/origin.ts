import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** The origin the request was addressed to, from its Host header. */
function ownOrigin(req: IncomingMessage, trustProxy: boolean): string | null {
  const forwardedProto = trustProxy ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() : '';
  const protocol = forwardedProto || ((req.socket as TLSSocket).encrypted ? 'https' : 'http');
  const forwardedHost = trustProxy ? String(req.headers['x-forwarded-host'] ?? '').split(',')[0].trim() : '';
  const host = forwardedHost || req.headers.host;
  return host ? `${protocol}://${host}` : null;
}

function normalizeOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The Socket.IO handshake check: a present Origin must be PUBLIC_URL's origin or the request's
 * own; an absent Origin (a non-browser client) is allowed — browsers always send one.
 */
export function isAllowedOrigin(req: IncomingMessage, publicUrl: string, trustProxy: boolean): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const normalized = normalizeOrigin(origin);
  if (normalized === null) return false;
  if (normalized === new URL(publicUrl).origin) return true;
  const own = ownOrigin(req, trustProxy);
  return own !== null && normalized === normalizeOrigin(own);
}
