import type { SessionUser } from '../../../common/api';
import { api } from './client';

/** The spec's session calls (ARCHITECTURE §3). */
export const sessionApi = {
  get: (signal?: AbortSignal) => api.get<SessionUser>('/user/auth/session/get/', { signal }),
  destroy: () => api.delete<unknown>('/user/auth/session/destroy'),
};
