import { create } from 'zustand';
import type { SessionUser } from '../../../common/api';
import { onUnauthorized } from '../api/client';
import { sessionApi } from '../api/session';

export interface SessionState {
  /** The signed-in user, or null when signed out (or not known yet). */
  user: SessionUser | null;
  /** Whether the session has been asked for at least once (answered or failed). */
  known: boolean;
  /** Asks the server who is signed in; failures count as signed out and never throw. */
  fetchSession: () => Promise<SessionUser | null>;
  /** Forgets the user (sign-out, or any 401 from the API). */
  clear: () => void;
}

let inFlight: Promise<SessionUser | null> | null = null;

export const useSessionStore = create<SessionState>()((set) => ({
  user: null,
  known: false,
  fetchSession: () => {
    inFlight ??= sessionApi
      .get()
      .then(
        (user) => user,
        () => null,
      )
      .then((user) => {
        set({ user, known: true });
        inFlight = null;
        return user;
      });
    return inFlight;
  },
  clear: () => set({ user: null, known: true }),
}));

/** Spec §4: a 401 from any API call clears the session. */
onUnauthorized(() => useSessionStore.getState().clear());

/** Spec §4: on first navigation, if the user is not known, fetch the session silently. */
export function ensureSessionKnown(): void {
  const { known, fetchSession } = useSessionStore.getState();
  if (!known) void fetchSession();
}

export function isOperator(user: SessionUser | null): boolean {
  return user?.role === 'operator' || user?.role === 'admin';
}
