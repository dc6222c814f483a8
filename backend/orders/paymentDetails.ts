/**
 * Where customers pay: the enabled `payment_details` rows of the assets they send. Read with the
 * order's other rows on every view (one indexed query, no cache), so an edit shows on the next
 * page load in every process without an invalidation message.
 */
import { Op, type Transaction } from 'sequelize';
import type { Models, PaymentDetail } from '../models';

export async function enabledPaymentDetails(
  models: Pick<Models, 'PaymentDetail'>,
  assetCodes: string[],
  transaction?: Transaction,
): Promise<Map<string, PaymentDetail>> {
  const rows = await models.PaymentDetail.findAll({ where: { assetCode: { [Op.in]: assetCodes }, enabled: true }, transaction });
  return new Map(rows.map((row) => [row.assetCode, row]));
}
