import type { ApiSuccess } from '../../../common/api';
import type { AppContext } from './types';

/** Answers `{ success: true, data }` (ARCHITECTURE §3 envelope). */
export function respond<T>(ctx: AppContext, data: T, status = 200): void {
  const body: ApiSuccess<T> = { success: true, data };
  ctx.status = status;
  ctx.body = body;
}

/**
 * The same envelope serialised into bytes, for an answer built once and sent to many requests
 * (with `ctx.type` JSON; compress.ts `shareBody` marks the ones kept unchanged).
 */
export function successBody<T>(data: T): Buffer {
  const body: ApiSuccess<T> = { success: true, data };
  return Buffer.from(JSON.stringify(body), 'utf8');
}
