import { DEFAULT_MIN_PAYOUT, MIN_PAYOUT_SETTING } from '../../../common/referral';
import { isDecimalString, normalizeMoney } from '../../../common/money';
import type { Models } from '../../models';

/** The minimum payout in USDT: the admin setting `referral.minPayout` (a JSON decimal string), else '10'. */
export async function minPayout(models: Pick<Models, 'Setting'>): Promise<string> {
  const row = await models.Setting.findByPk(MIN_PAYOUT_SETTING);
  if (!row) return DEFAULT_MIN_PAYOUT;
  try {
    const value: unknown = JSON.parse(row.value);
    const text = typeof value === 'number' ? String(value) : value;
    return typeof text === 'string' && isDecimalString(text) && !text.startsWith('-') ? normalizeMoney(text) : DEFAULT_MIN_PAYOUT;
  } catch {
    return DEFAULT_MIN_PAYOUT;
  }
}
