import type { PartnerOrderDto } from '../../../common/partnerApi';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { loadPartnerOrder, ownOrder } from './present';
import { orderUidParamsSchema } from './schemas';
import { partnerOrderExample, partnerOrderSchema } from './answers';

/** `order_get`: one of the owner's orders by uid (another user's answers order_not_found). */
export const orderGet = (deps: PartnerApiDeps) =>
  defineMethod<{ uid: string }>({
    name: 'order_get',
    schema: orderUidParamsSchema,
    answer: { schema: partnerOrderSchema, example: partnerOrderExample },
    async handle({ caller, params }): Promise<PartnerOrderDto> {
      return loadPartnerOrder(deps.orders, await ownOrder(deps.orders, caller.userId, params.uid));
    },
  });
