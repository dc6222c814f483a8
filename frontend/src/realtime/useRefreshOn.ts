import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerToClientEvents } from '../../../common/events';
import { withOrderSocket } from '../orders/socketSource';

/**
 * A screen kept live by reloading its data: `queryKey` is reloaded whenever `event` arrives on the
 * app's socket and, with `onConnect` (the default), on every (re)connection too — a page that was
 * offline may have missed events.
 */
export function useRefreshOn(event: keyof ServerToClientEvents, queryKey: QueryKey, { onConnect = true } = {}): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(
    () =>
      withOrderSocket((socket) => {
        const refresh = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
        socket.on(event, refresh);
        if (onConnect) socket.on('connect', refresh);
        return () => {
          socket.off(event, refresh);
          socket.off('connect', refresh);
        };
      }),
    [queryClient, event, key, onConnect],
  );
}
