/**
 * Where customers pay: the `payment_details` rows of the assets they send. Several rows per asset
 * are used in rotation: each new order is given the least recently used usable row
 * (`pickPaymentDetail`, in the order's own transaction) and keeps it (`orders.paymentDetailId`),
 * even once an admin deletes the row (soft delete). Older orders without one show the asset's
 * first usable row, as before.
 *
 * Usable: enabled and not deleted. Demo rows (the seeding's) are used only while their asset never
 * had a real row (deleting every real row does not bring them back): the rule is per asset, so an exchanger configuring its BTC wallet never
 * shows a customer the demo BTC wallet again, even on an order given it earlier, while the assets
 * it has not configured yet keep the demo details until an admin deletes them too.
 * Read with the order's other rows on every view (no cache): an edit shows on the next page load
 * in every process without an invalidation message.
 */
import { Op, type Transaction } from 'sequelize';
import type { Models, Order, PaymentDetail } from '../models';

type DetailModels = Pick<Models, 'PaymentDetail'>;

function isUsable(row: PaymentDetail): boolean {
  return row.enabled && row.deletedAt === null;
}

/**
 * The rows an order of the asset may be given, out of all its rows (deleted and disabled ones
 * too): the usable real ones; the usable demo ones only while the asset never had a real row.
 */
function usablePool(rows: PaymentDetail[]): PaymentDetail[] {
  const everReal = rows.some((row) => !row.demo);
  return rows.filter((row) => isUsable(row) && !(everReal && row.demo));
}

/**
 * Least recently used first (never used before used); on a tie — MySQL keeps whole seconds, so
 * orders of one second tie — the least used, then the oldest row.
 */
function byLeastRecentlyUsed(a: PaymentDetail, b: PaymentDetail): number {
  const at = a.lastUsedAt?.getTime() ?? -Infinity;
  const bt = b.lastUsedAt?.getTime() ?? -Infinity;
  if (at !== bt) return at < bt ? -1 : 1;
  if (a.useCount !== b.useCount) return a.useCount - b.useCount;
  return a.id - b.id;
}

/** Rows picked again before giving up when concurrent orders keep taking the chosen one. */
const PICK_ATTEMPTS = 5;

/**
 * Gives a new order of `assetCode` the least recently used usable row and marks it used, in the
 * order's transaction. The asset's usable rows are read with FOR UPDATE (MySQL: a concurrent
 * order of the same asset waits for this one's commit and then reads the updated times; SQLite
 * has one writer at a time anyway), and the mark is a conditional update on `useCount`, so two
 * orders can never both take a row as "least recently used" from one stale read. Null when the
 * asset has no usable row (the order page then says the details will be sent).
 */
export async function pickPaymentDetail(models: DetailModels, assetCode: string, transaction: Transaction, now: Date): Promise<PaymentDetail | null> {
  for (let attempt = 1; attempt <= PICK_ATTEMPTS; attempt += 1) {
    const rows = await models.PaymentDetail.findAll({
      where: { assetCode },
      order: [['id', 'ASC']],
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    const chosen = usablePool(rows).sort(byLeastRecentlyUsed)[0];
    if (!chosen) return null;
    // Later than every use so far, even when a concurrent order read the clock a moment earlier.
    const latest = Math.max(...rows.map((row) => row.lastUsedAt?.getTime() ?? 0));
    const stamp = new Date(Math.max(now.getTime(), Date.now(), latest + 1));
    const [changed] = await models.PaymentDetail.update(
      { lastUsedAt: stamp, useCount: chosen.useCount + 1 },
      { where: { id: chosen.id, useCount: chosen.useCount }, transaction },
    );
    if (changed === 1) {
      chosen.set({ lastUsedAt: stamp, useCount: chosen.useCount + 1 });
      return chosen;
    }
  }
  throw new Error(`payment details of ${assetCode}: no row could be taken in ${PICK_ATTEMPTS} attempts`);
}

/**
 * What each order shows (by order id): the row it was given unless that row is disabled now or is
 * a demo row of an asset that has had a real one; for older orders the asset's first usable row. Two
 * queries whatever the number of orders.
 */
export async function paymentDetailsOfOrders(
  models: DetailModels,
  orders: Array<Pick<Order, 'id' | 'fromCode' | 'paymentDetailId'>>,
  transaction?: Transaction,
): Promise<Map<number, PaymentDetail | null>> {
  const codes = [...new Set(orders.map((order) => order.fromCode))];
  const ids = [...new Set(orders.map((order) => order.paymentDetailId).filter((id): id is number => id !== null && id !== undefined))];
  const [all, given] = await Promise.all([
    models.PaymentDetail.findAll({ where: { assetCode: { [Op.in]: codes } }, order: [['id', 'ASC']], transaction }),
    ids.length > 0 ? models.PaymentDetail.findAll({ where: { id: { [Op.in]: ids } }, transaction }) : Promise.resolve([] as PaymentDetail[]),
  ]);
  const byAsset = new Map<string, PaymentDetail[]>();
  for (const row of all) byAsset.set(row.assetCode, [...(byAsset.get(row.assetCode) ?? []), row]);
  const everReal = (code: string) => (byAsset.get(code) ?? []).some((row) => !row.demo);
  const givenById = new Map(given.map((row) => [row.id, row]));
  const shown = new Map<number, PaymentDetail | null>();
  for (const order of orders) {
    const row = order.paymentDetailId ? givenById.get(order.paymentDetailId) : usablePool(byAsset.get(order.fromCode) ?? [])[0];
    const hidden = !row || !row.enabled || (row.demo && everReal(row.assetCode));
    shown.set(order.id, hidden ? null : row);
  }
  return shown;
}
