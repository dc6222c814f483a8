import type { WithdrawalPage } from '../../../common/referral';
import { listUserWithdrawals } from '../../ledger/withdrawals/queries';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { withdrawalsListParamsSchema } from './schemas';
import { pageOf, withdrawalExample, withdrawalSchema } from './answers';

/** `withdrawals_list` (keys with "allow withdrawals" only): the owner's requests, newest first. */
export const withdrawalsList = (deps: PartnerApiDeps) =>
  defineMethod<{ cursor?: string }>({
    name: 'withdrawals_list',
    schema: withdrawalsListParamsSchema,
    withdrawals: true,
    answer: { schema: pageOf(withdrawalSchema), example: { items: [withdrawalExample], nextCursor: null } },
    handle: ({ caller, params }): Promise<WithdrawalPage> => listUserWithdrawals(deps.withdrawals.models, caller.userId, params),
  });
