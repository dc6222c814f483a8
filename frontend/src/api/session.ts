import { ErrorCode, type SessionUser } from '../../../common/api';
import { ApiError } from './ApiError';
import { api } from './client';

/** The spec's session calls (ARCHITECTURE §3). */
export const sessionApi = {
  /** The signed-in user, or null: a signed-out visitor's check answers 200 with `not_signed_in`. */
  get: (signal?: AbortSignal): Promise<SessionUser | null> =>
    api.get<SessionUser>('/user/auth/session/get/', { signal }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === ErrorCode.NotSignedIn) return null;
      throw error;
    }),
  destroy: () => api.delete<unknown>('/user/auth/session/destroy'),
};
