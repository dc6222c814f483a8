import type { WithdrawalPage } from '../../../common/referral';
import { listUserWithdrawals } from '../../ledger/withdrawals/queries';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { withdrawalsListParamsSchema } from './schemas';

/** `withdrawals_list` (keys with "allow withdrawals" only): the owner's requests, newest first. */
export const withdrawalsList = (deps: PartnerApiDeps) =>
  defineMethod<{ cursor?: string }>({
    name: 'withdrawals_list',
    schema: withdrawalsListParamsSchema,
    withdrawals: true,
    summary: "The key owner's withdrawal requests, newest first (cursor).",
    handle: ({ caller, params }): Promise<WithdrawalPage> => listUserWithdrawals(deps.withdrawals.models, caller.userId, params),
  });
