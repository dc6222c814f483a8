/**
 * Where customers pay: the `payment_details` rows of the assets they send. Several rows per asset
 * are used in rotation: each new order is given the least recently used usable row
 * (`pickPaymentDetail`, in the order's own transaction) and keeps it (`orders.paymentDetailId`),
 * even once an admin deletes the row (soft delete). Older orders without one show the asset's
 * first usable row, as before.
 *
 * Usable: enabled and not deleted. Demo rows (the seeding's) are used only while their asset has
 * no real usable row: the rule is per asset, so an exchanger configuring its BTC wallet never
 * shows a customer the demo BTC wallet again, even on an order given it earlier, while the assets
 * it has not configured yet keep the demo details until an admin deletes them too.
 * Read with the order's other rows on every view (no cache): an edit shows on the next page load
 * in every process without an invalidation message.
 */
import { Op, type Transaction } from 'sequelize';
import type { Models, Order, PaymentDetail } from '../models';

type DetailModels = Pick<Models, 'PaymentDetail'>;

/** The rows an order of the asset may be given: the real ones, else the demo ones. */
function usablePool(rows: PaymentDetail[]): PaymentDetail[] {
  const real = rows.filter((row) => !row.demo);
  return real.length > 0 ? real : rows;
}

/** Least recently used first (never used before used), the oldest row on a tie. */
function byLeastRecentlyUsed(a: PaymentDetail, b: PaymentDetail): number {
  const at = a.lastUsedAt?.getTime() ?? -Infinity;
  const bt = b.lastUsedAt?.getTime() ?? -Infinity;
  if (at !== bt) return at < bt ? -1 : 1;
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
      where: { assetCode, enabled: true, deletedAt: null },
      order: [['id', 'ASC']],
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    const chosen = usablePool(rows).sort(byLeastRecentlyUsed)[0];
    if (!chosen) return null;
    const [changed] = await models.PaymentDetail.update(
      { lastUsedAt: now, useCount: chosen.useCount + 1 },
      { where: { id: chosen.id, useCount: chosen.useCount }, transaction },
    );
    if (changed === 1) {
      chosen.set({ lastUsedAt: now, useCount: chosen.useCount + 1 });
      return chosen;
    }
  }
  throw new Error(`payment details of ${assetCode}: no row could be taken in ${PICK_ATTEMPTS} attempts`);
}

/**
 * What each order shows (by order id): the row it was given unless that row is disabled now or is
 * a demo row while its asset has a real one; for older orders the asset's first usable row. Two
 * queries whatever the number of orders.
 */
export async function paymentDetailsOfOrders(
  models: DetailModels,
  orders: Array<Pick<Order, 'id' | 'fromCode' | 'paymentDetailId'>>,
  transaction?: Transaction,
): Promise<Map<number, PaymentDetail | null>> {
  const codes = [...new Set(orders.map((order) => order.fromCode))];
  const ids = [...new Set(orders.map((order) => order.paymentDetailId).filter((id): id is number => id !== null && id !== undefined))];
  const [usable, given] = await Promise.all([
    models.PaymentDetail.findAll({ where: { assetCode: { [Op.in]: codes }, enabled: true, deletedAt: null }, order: [['id', 'ASC']], transaction }),
    ids.length > 0 ? models.PaymentDetail.findAll({ where: { id: { [Op.in]: ids } }, transaction }) : Promise.resolve([] as PaymentDetail[]),
  ]);
  const byAsset = new Map<string, PaymentDetail[]>();
  for (const row of usable) byAsset.set(row.assetCode, [...(byAsset.get(row.assetCode) ?? []), row]);
  const hasReal = (code: string) => (byAsset.get(code) ?? []).some((row) => !row.demo);
  const givenById = new Map(given.map((row) => [row.id, row]));
  const shown = new Map<number, PaymentDetail | null>();
  for (const order of orders) {
    const row = order.paymentDetailId ? givenById.get(order.paymentDetailId) : usablePool(byAsset.get(order.fromCode) ?? [])[0];
    const hidden = !row || !row.enabled || (row.demo && hasReal(row.assetCode));
    shown.set(order.id, hidden ? null : row);
  }
  return shown;
}
