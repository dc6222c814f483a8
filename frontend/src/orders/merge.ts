/**
 * Keeping the newest copy of an order: the REST answer, the `order:join` ack and the live events
 * can arrive in any order, and each carries the whole DTO with its `version`.
 */
import type { OrderStatus } from '../../../common/enums';

interface Versioned {
  uid: string;
  version: number;
}

/** The copy with the higher version (the first on a tie, so equal copies cause no re-render). */
export function newerOrder<T extends Versioned>(current: T | null | undefined, incoming: T | null | undefined): T | null {
  if (!incoming) return current ?? null;
  if (!current || current.uid !== incoming.uid) return incoming;
  return incoming.version > current.version ? incoming : current;
}

/**
 * The operator's list after a change of one order: an order already listed is replaced when the
 * change is newer (it stays in place); an order not listed goes on top when it passes the filter.
 * An order leaving the filtered status stays until the next load, so the operator sees what happened.
 */
export function mergeOperatorOrder<T extends Versioned & { status: OrderStatus }>(list: readonly T[], incoming: T, filter: OrderStatus | ''): T[] {
  const index = list.findIndex((order) => order.uid === incoming.uid);
  if (index === -1) return filter && incoming.status !== filter ? [...list] : [incoming, ...list];
  if (incoming.version <= list[index].version) return [...list];
  const next = [...list];
  next[index] = incoming;
  return next;
}

/** Appends an older page, skipping orders already listed (a live change may have put them on top). */
export function appendOperatorPage<T extends Versioned>(list: readonly T[], page: readonly T[]): T[] {
  const known = new Set(list.map((order) => order.uid));
  return [...list, ...page.filter((order) => !known.has(order.uid))];
}
