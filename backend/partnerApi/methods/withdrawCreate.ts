import type { WithdrawalDto } from '../../../common/referral';
import { requestWithdrawal } from '../../ledger/withdrawals/commands';
import { presentWithdrawal } from '../../ledger/withdrawals/queries';
import { partnerError } from '../errorMap';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { withdrawCreateParamsSchema } from './schemas';
import { withdrawalExample, withdrawalSchema } from './answers';

/**
 * `withdraw_create` (keys with "allow withdrawals" only): the referral issue's request — minimum
 * payout, verified card, available balance — with the key as the 2FA authorisation (turning
 * "allow withdrawals" on took a current code): requestWithdrawal's `viaApiKey`.
 */
export const withdrawCreate = (deps: PartnerApiDeps) =>
  defineMethod<{ currency: string; amount: string; account: string }>({
    name: 'withdraw_create',
    schema: withdrawCreateParamsSchema,
    withdrawals: true,
    answer: { schema: withdrawalSchema, example: withdrawalExample },
    async handle({ caller, params, t }): Promise<WithdrawalDto> {
      const user = await deps.withdrawals.models.User.findByPk(caller.userId);
      if (!user) throw partnerError('insufficient_funds');
      return presentWithdrawal(await requestWithdrawal(deps.withdrawals, { user, input: params, t, viaApiKey: true }));
    },
  });
