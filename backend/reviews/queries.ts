/** The reviews' reads: the public list and summary, the console's list, a customer's reviewable orders. */
import Big from 'big.js';
import { Op, fn, col, type WhereOptions } from 'sequelize';
import type { Lang } from '../../common/api';
import {
  REVIEW_PAGE_SIZE,
  STAFF_REVIEW_PAGE_SIZE,
  type PublicReviewListQuery,
  type ReviewSummary,
  type StaffReviewListQuery,
} from '../../common/customerReviews';
import { DONE_STATUS } from '../../common/orderRules';
import type { CustomerReview, Models, Order } from '../models';

type Page<T> = { rows: T[]; nextCursor: string | null };

async function page(models: Pick<Models, 'CustomerReview'>, where: WhereOptions<CustomerReview>, cursor: string | undefined, size: number): Promise<Page<CustomerReview>> {
  const rows = await models.CustomerReview.findAll({
    where: { ...where, ...(cursor ? { id: { [Op.lt]: Number(cursor) } } : {}) },
    order: [['id', 'DESC']],
    limit: size + 1,
  });
  const shown = rows.slice(0, size);
  return { rows: shown, nextCursor: rows.length > size ? String(shown.at(-1)!.id) : null };
}

/** Published reviews, newest first, by language and rating. */
export function listPublishedReviews(models: Pick<Models, 'CustomerReview'>, query: PublicReviewListQuery): Promise<Page<CustomerReview>> {
  const where: WhereOptions<CustomerReview> = {
    status: 'published',
    ...(query.lang ? { lang: query.lang } : {}),
    ...(query.rating ? { rating: query.rating } : {}),
  };
  return page(models, where, query.cursor, query.limit ?? REVIEW_PAGE_SIZE);
}

/** The published reviews' count and average rating (one decimal, half up), of one language or all. */
export async function reviewSummary(models: Pick<Models, 'CustomerReview'>, lang?: Lang): Promise<ReviewSummary> {
  const row = (await models.CustomerReview.findOne({
    attributes: [
      [fn('COUNT', col('id')), 'count'],
      [fn('SUM', col('rating')), 'total'],
    ],
    where: { status: 'published', ...(lang ? { lang } : {}) },
    raw: true,
  })) as unknown as { count: number | string | null; total: number | string | null } | null;
  const count = Number(row?.count ?? 0);
  if (count === 0) return { average: null, count: 0 };
  return { average: new Big(String(row!.total)).div(count).round(1, Big.roundHalfUp).toFixed(1), count };
}

/** The console's list of one status, newest first, with each review's order uid. */
export async function listStaffReviews(models: Pick<Models, 'CustomerReview' | 'Order'>, query: StaffReviewListQuery): Promise<Page<CustomerReview> & { uids: Map<number, string> }> {
  const result = await page(models, { status: query.status }, query.cursor, STAFF_REVIEW_PAGE_SIZE);
  const orders = await models.Order.findAll({ attributes: ['id', 'uid'], where: { id: result.rows.map((row) => row.orderId) } });
  return { ...result, uids: new Map(orders.map((order) => [order.id, order.uid])) };
}

export const REVIEWABLE_ORDERS_MAX = 20;

/** A signed-in customer's latest done orders that have no review yet. */
export async function reviewableOrders(models: Pick<Models, 'CustomerReview' | 'Order'>, userId: number): Promise<Order[]> {
  const reviewed = await models.CustomerReview.findAll({ attributes: ['orderId'], where: { userId } });
  return models.Order.findAll({
    where: { userId, status: DONE_STATUS, ...(reviewed.length > 0 ? { id: { [Op.notIn]: reviewed.map((row) => row.orderId) } } : {}) },
    order: [['id', 'DESC']],
    limit: REVIEWABLE_ORDERS_MAX,
  });
}
