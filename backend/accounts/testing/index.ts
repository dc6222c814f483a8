/**
 * Test helpers for the accounts: a user factory on a real database and an HTTP client that keeps
 * the session cookie like a browser. Nothing here is mocked: they drive the real server.
 */
import { randomBytes } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { initModels, type User } from '../../models';
import { SESSION_COOKIE } from '../../platform/http/session';
import { createUser } from '../createUser';

/** A password that passes the spec's rules and is not a common one. */
export const TEST_PASSWORD = 'Tr0ub4dor&3-Horse';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(6).toString('hex')}@example.test`;
}

/** An active user (overrides change the row after creation: status, twoFactor…). */
export async function buildUser(
  sequelize: Sequelize,
  overrides: Partial<Pick<User, 'role' | 'status' | 'blockedUntil' | 'firstName' | 'notifySignIn' | 'notifyPasswordChange' | 'lang'>> & {
    email?: string;
    password?: string;
  } = {},
): Promise<{ user: User; email: string; password: string }> {
  const { email = uniqueEmail(), password = TEST_PASSWORD, ...rest } = overrides;
  const user = await createUser(initModels(sequelize), { email, password, role: rest.role ?? 'user', firstName: rest.firstName ?? 'Ivan' });
  if (Object.keys(rest).length > 0) await user.update(rest);
  return { user, email: user.email, password };
}

export interface TestResponse {
  status: number;
  body: { success: boolean; data?: any; error?: { code: string; message: string; fields?: Record<string, string> } };
  headers: Headers;
  /** The Set-Cookie line of the session cookie, if the answer set it. */
  sessionCookie: string | undefined;
}

/** A browser-like client: JSON bodies, a `lang` header, and the cookies the server sets. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    public lang = 'en',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The session id the client holds (the `sid` cookie), or undefined. */
  get sessionId(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  /** A second client holding the same cookies (another tab, or a stolen cookie). */
  clone(): TestClient {
    const copy = new TestClient(this.baseUrl, this.lang);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse> {
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        lang: this.lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let sessionCookie: string | undefined;
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (name === SESSION_COOKIE) sessionCookie = line;
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, body: (await response.json()) as TestResponse['body'], headers: response.headers, sessionCookie };
  }

  post(path: string, body: unknown = {}, headers?: Record<string, string>): Promise<TestResponse> {
    return this.request('POST', path, body, headers);
  }

  get(path: string): Promise<TestResponse> {
    return this.request('GET', path);
  }

  signIn(email: string, password: string, extra: Record<string, unknown> = {}): Promise<TestResponse> {
    return this.post('/user/auth/sign-in', { email, password, ...extra });
  }

  session(): Promise<TestResponse> {
    return this.get('/user/auth/session/get/');
  }
}
