import { Op, type WhereOptions } from 'sequelize';
import { withdrawalStatusFilter, type OperatorWithdrawalDto, type OperatorWithdrawalPage, type WithdrawalDto, type WithdrawalPage } from '../../../common/referral';
import type { Models, Withdrawal } from '../../models';
import { openWithAny, SecretBoxError } from '../../platform/security/secretBox';
import { withdrawalSealContext } from './commands';

export const WITHDRAWALS_PAGE = 50;

/** The partner's view: the account masked. */
export function presentWithdrawal(row: Withdrawal): WithdrawalDto {
  return {
    id: row.id,
    currency: row.currency,
    amount: row.amount,
    payout: row.payout,
    account: row.accountMasked,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The staff's view: the full account (a card opened), the partner. */
export function presentOperatorWithdrawal(row: Withdrawal, email: string, secretKeys: readonly string[]): OperatorWithdrawalDto {
  const account = row.accountKind === 'card' ? openedCard(row, secretKeys) : row.account;
  return { ...presentWithdrawal(row), userId: row.userId, email, account };
}

/** A card's full number for staff; its masked form when no configured key opens it (a key retired too early): the list still loads. */
function openedCard(row: Withdrawal, secretKeys: readonly string[]): string {
  try {
    return openWithAny(row.account, secretKeys, { context: withdrawalSealContext(row.userId) }).plaintext;
  } catch (error) {
    if (error instanceof SecretBoxError) return row.accountMasked;
    throw error;
  }
}

/** The user's own requests, newest first; `cursor` is the last id seen. */
export async function listUserWithdrawals(models: Pick<Models, 'Withdrawal'>, userId: number, query: { cursor?: string }): Promise<WithdrawalPage> {
  const where: WhereOptions = query.cursor ? { userId, id: { [Op.lt]: Number(query.cursor) } } : { userId };
  const rows = await models.Withdrawal.findAll({ where, order: [['id', 'DESC']], limit: WITHDRAWALS_PAGE + 1 });
  const page = rows.slice(0, WITHDRAWALS_PAGE);
  return { items: page.map(presentWithdrawal), nextCursor: rows.length > WITHDRAWALS_PAGE ? String(page[page.length - 1]!.id) : null };
}

/** The operators' list, oldest first, of one status or all. */
export async function listOperatorWithdrawals(
  models: Pick<Models, 'Withdrawal' | 'User'>,
  secretKeys: readonly string[],
  query: { status?: string; cursor?: string },
): Promise<OperatorWithdrawalPage> {
  const where: WhereOptions[] = [];
  const statuses = withdrawalStatusFilter(query.status);
  if (statuses.length > 0) where.push({ status: statuses });
  if (query.cursor) where.push({ id: { [Op.gt]: Number(query.cursor) } });
  const rows = await models.Withdrawal.findAll({ where: { [Op.and]: where }, order: [['id', 'ASC']], limit: WITHDRAWALS_PAGE + 1 });
  const page = rows.slice(0, WITHDRAWALS_PAGE);
  const users = await models.User.findAll({ where: { id: [...new Set(page.map((row) => row.userId))] }, attributes: ['id', 'email'] });
  const emails = new Map(users.map((user) => [user.id, user.email]));
  return {
    items: page.map((row) => presentOperatorWithdrawal(row, emails.get(row.userId) ?? '', secretKeys)),
    nextCursor: rows.length > WITHDRAWALS_PAGE ? String(page[page.length - 1]!.id) : null,
  };
}
