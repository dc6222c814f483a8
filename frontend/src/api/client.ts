import i18next from 'i18next';
import type { ApiEnvelope } from '../../../common/api';
import { DEFAULT_LANG, ErrorCode, isLang, type Lang } from '../../../common/api';
import { ApiError } from './ApiError';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

let apiBase = '/api';
const unauthorizedListeners = new Set<() => void>();

/**
 * The API lives at `PUBLIC_URL + /api`. Calls stay same-origin (cookies are sent with
 * `credentials: 'same-origin'`), so only the path of PUBLIC_URL matters: `https://x.io/app` → `/app/api`.
 */
export function apiBaseFromPublicUrl(publicUrl: string): string {
  let pathname = '/';
  try {
    pathname = new URL(publicUrl).pathname;
  } catch {
    return '/api';
  }
  return `${pathname.replace(/\/+$/, '')}/api`;
}

/** The interface language, as `frontend/src/i18n.ts` keeps it on `<html lang>`. */
export function requestLanguage(): Lang {
  const lang = document.documentElement.lang;
  return isLang(lang) ? lang : DEFAULT_LANG;
}

export function setApiBase(base: string): void {
  apiBase = base;
}

/** Registers a listener called on every 401 answer; returns the unsubscribe function. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** The full address of an API path, for calls that cannot go through `apiRequest` (uploads with progress, <img>). */
export function apiUrl(path: string): string {
  return buildUrl(path, undefined);
}

async function readEnvelope<T>(response: Response): Promise<ApiEnvelope<T> | null> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return null;
  try {
    return (await response.json()) as ApiEnvelope<T>;
  } catch {
    return null;
  }
}

function fallbackError(status: number): ApiError {
  const code = status === 401 ? ErrorCode.Unauthorized : status === 404 ? ErrorCode.NotFound : ErrorCode.Internal;
  return new ApiError(status, { code, message: i18next.t('error.server_text') });
}

/**
 * One call to the REST API: JSON in, JSON envelope out, `lang` header, same-origin credentials,
 * never retried. Resolves with `data`; rejects with `ApiError` (network failures: status 0).
 */
export async function apiRequest<T>(method: HttpMethod, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', lang: requestLanguage() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { code: ErrorCode.ServiceUnavailable, message: i18next.t('error.network_text') });
  }

  if (response.status === 401) unauthorizedListeners.forEach((listener) => listener());

  const envelope = await readEnvelope<T>(response);
  if (envelope?.success === true && response.ok) return envelope.data;
  if (envelope?.success === false) throw new ApiError(response.status, envelope.error);
  throw fallbackError(response.status);
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: ApiRequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: ApiRequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: ApiRequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: ApiRequestOptions) => apiRequest<T>('DELETE', path, options),
};
