import type { IncomingMessage } from 'node:http';
import Cookies from 'cookies';

/**
 * The cookies of a Socket.IO handshake, read with the `cookies` package koa uses. Read only: a
 * handshake has no response to set cookies on, so never call `set`, nor `get` with `signed`
 * (it re-signs through the response; verify signatures with keygrip instead).
 */
export function handshakeCookies(request: IncomingMessage): Pick<Cookies, 'get'> {
  return new Cookies(request, null as never);
}
