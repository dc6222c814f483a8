import type { ReferredExchangePage } from '../../../common/referral';
import { listReferredExchanges } from '../../referral/queries';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { cursorParamsSchema } from './schemas';

/** `partner_orders`: the exchanges attributed to the key's owner (their partner table), with rewards. */
export const partnerOrders = (deps: PartnerApiDeps) =>
  defineMethod<{ cursor?: string }>({
    name: 'partner_orders',
    schema: cursorParamsSchema,
    summary: "The exchanges attributed to the key owner as partner (API orders included), newest first, with their rewards.",
    handle: ({ caller, params }): Promise<ReferredExchangePage> => listReferredExchanges(deps.referral, caller.userId, params),
  });
