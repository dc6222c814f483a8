import { useState } from 'react';
import { sessionApi } from '../api/session';

/** Reloading ends everything the session had on the page (sockets, caches, stores). */
function reloadPage(): void {
  window.location.reload();
}

/**
 * Sign-out (spec §4): `DELETE /api/user/auth/session/destroy`, then a page reload. A failed call
 * still reloads: the page then shows whatever the server says about the session.
 */
export function useSignOut(reload: () => void = reloadPage): { pending: boolean; run: () => void } {
  const [pending, setPending] = useState(false);
  return {
    pending,
    run: () => {
      if (pending) return;
      setPending(true);
      void sessionApi.destroy().then(reload, reload);
    },
  };
}
