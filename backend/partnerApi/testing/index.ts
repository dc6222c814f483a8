/** Test helpers for the partner API: a real signed HTTP call and a key made through the API. */
import { expect } from 'chai';
import type { CreatedApiKey } from '../../../common/partnerApi';
import { PARTNER_API_PREFIX } from '../../../common/partnerApi';
import type { TestClient } from '../../accounts/testing';
import { signBody } from '../signature';

export interface SignedCallCredentials {
  apiKey: string;
  secret: string;
}

export interface SignedCallOptions {
  /** Send these exact bytes instead of JSON.stringify(body) (the hash is over them unless `hash` is given). */
  raw?: string | Buffer;
  /** Send this hash header instead of the right one (null: no hash header). */
  hash?: string | null;
  /** Send this apikey header instead (null: no apikey header). */
  apiKey?: string | null;
  /** Extra headers (e.g. x-forwarded-for, lang). */
  headers?: Record<string, string>;
}

export interface SignedCallAnswer {
  status: number;
  body: { success: boolean; data?: any; error?: { code: string; message: string; fields?: Record<string, string> } };
  headers: Headers;
}

/** `POST /api/service/api/v1/{method}` signed with `secret` over the exact bytes sent, over real HTTP. */
export async function signedCall(
  server: { url: string },
  credentials: SignedCallCredentials,
  method: string,
  body: unknown,
  options: SignedCallOptions = {},
): Promise<SignedCallAnswer> {
  const raw = options.raw ?? JSON.stringify(body);
  const hash = options.hash === undefined ? signBody(raw, credentials.secret) : options.hash;
  const apiKey = options.apiKey === undefined ? credentials.apiKey : options.apiKey;
  const response = await fetch(`${server.url}${PARTNER_API_PREFIX}/${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      lang: 'en',
      ...(apiKey === null ? {} : { apikey: apiKey }),
      ...(hash === null ? {} : { hash }),
      ...options.headers,
    },
    body: typeof raw === 'string' ? raw : new Uint8Array(raw),
  });
  return { status: response.status, body: (await response.json()) as SignedCallAnswer['body'], headers: response.headers };
}

/** A new key of the signed-in `client` through `POST /api/user/api-keys` (asserts the 201). */
export async function createApiKey(client: TestClient): Promise<CreatedApiKey> {
  const answer = await client.post('/user/api-keys');
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body.data as CreatedApiKey;
}

/** A strictly increasing `time` for signed bodies within one test process. */
let lastTime = Date.now();
export function nextTime(): number {
  lastTime = Math.max(lastTime + 1, Date.now());
  return lastTime;
}
