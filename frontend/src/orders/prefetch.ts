/**
 * The first screen's order, asked for at start-up beside the page code and the texts, not after
 * the page's first render (issue 17: a phone's order page shows its order a round trip or more
 * sooner). useOrderLive finds the answer in the query cache under the same key.
 *
 * The API's place comes from the public configuration, which loads at the same time: the order
 * is asked for at the place known now (`/api`, the usual one) and, should the configuration put
 * the API elsewhere, asked for again there.
 */
import { matchRoute } from '../../../common/routes';
import { apiUrl } from '../api/client';
import { loadPublicConfig } from '../api/publicConfig';
import { queryClient } from '../api/queryClient';
import { orderApi, orderQueryKey } from './api';

export async function fetchFirstOrder(uid: string, secret: string) {
  const askedAt = apiUrl('/');
  const [config, answer] = await Promise.allSettled([loadPublicConfig(), orderApi.get(uid, secret)]);
  if (config.status === 'fulfilled' && apiUrl('/') !== askedAt) return orderApi.get(uid, secret);
  if (answer.status === 'rejected') throw answer.reason;
  return answer.value;
}

/** Starts loading the order of `pathname` when it is an order page's (nothing otherwise). */
export function prefetchFirstOrder(pathname: string): void {
  const match = matchRoute(pathname);
  if (match?.route.name !== 'order') return;
  const { uid, secret } = match.params;
  if (!uid || !secret) return;
  void queryClient.prefetchQuery({ queryKey: orderQueryKey(uid, secret), queryFn: () => fetchFirstOrder(uid, secret) });
}
