import type { ApiSuccess } from '../../../common/api';
import type { AppContext } from './types';

/** Answers `{ success: true, data }` (ARCHITECTURE §3 envelope). */
export function respond<T>(ctx: AppContext, data: T, status = 200): void {
  const body: ApiSuccess<T> = { success: true, data };
  ctx.status = status;
  ctx.body = body;
}
