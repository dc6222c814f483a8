import type { ReferredExchangePage } from '../../../common/referral';
import { listReferredExchanges } from '../../referral/queries';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { cursorParamsSchema } from './schemas';
import { dateTime, decimal, nullable, objectOf, oneOf, pageOf, str } from './answers';
import { REWARD_STATUSES } from '../../../common/referral';

/** `partner_orders`: the exchanges attributed to the key's owner (their partner table), with rewards. */
export const partnerOrders = (deps: PartnerApiDeps) =>
  defineMethod<{ cursor?: string }>({
    name: 'partner_orders',
    schema: cursorParamsSchema,
    answer: {
      schema: pageOf(
        objectOf({ uid: str, from: str, to: str, amountSend: decimal, amountReceive: decimal, receivedAmount: nullable(decimal), status: str, createdAt: dateTime, reward: nullable(decimal), rewardStatus: nullable(oneOf(REWARD_STATUSES)) }),
      ),
      example: {
        items: [{ uid: 'K7Q2M9XA', from: 'BTC', to: 'SBERRUB', amountSend: '0.01', amountReceive: '60123.45', receivedAmount: '0.01', status: 'done', createdAt: '2026-01-15T10:00:00.000Z', reward: '1.8', rewardStatus: 'pending' }],
        nextCursor: null,
      },
    },
    handle: ({ caller, params }): Promise<ReferredExchangePage> => listReferredExchanges(deps.referral, caller.userId, params),
  });
