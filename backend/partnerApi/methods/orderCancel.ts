import type { PartnerOrderDto } from '../../../common/partnerApi';
import { cancelOrder } from '../../orders/customerActions';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { ownOrder, presentPartnerOrder } from './present';
import { orderUidParamsSchema } from './schemas';
import { partnerOrderExample, partnerOrderSchema } from './answers';

/** `order_cancel`: the customer's cancel (customerActions.ts), as the status table allows; else not_cancellable. */
export const orderCancel = (deps: PartnerApiDeps) =>
  defineMethod<{ uid: string }>({
    name: 'order_cancel',
    schema: orderUidParamsSchema,
    answer: { schema: partnerOrderSchema, example: partnerOrderExample },
    async handle({ caller, params }): Promise<PartnerOrderDto> {
      const order = await ownOrder(deps.orders, caller.userId, params.uid);
      return presentPartnerOrder(deps.orders, await cancelOrder(deps.orders, { order }));
    },
  });
