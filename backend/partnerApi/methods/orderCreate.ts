import type { RateType } from '../../../common/enums';
import type { CreateOrderRequest } from '../../../common/orders';
import type { PartnerOrderDto } from '../../../common/partnerApi';
import { validationMessage } from '../../../common/validation';
import { createOrder } from '../../orders/createOrder';
import { ExternalIdTaken } from '../../orders/errors';
import { checkCallbackUrl } from '../callbackUrl';
import { partnerError } from '../errorMap';
import { openQuote } from '../quotes';
import { defineMethod, type MethodCall } from '../registry';
import type { PartnerApiDeps } from './context';
import { loadPartnerOrder } from './present';
import { orderCreateParamsSchema, type OrderCreateParams } from './schemas';
import { partnerOrderExample, partnerOrderSchema } from './answers';

/** The direction, rate type and amount: the quote's (checked: ours, this key's, not expired), else the parameters'. */
function orderTerms(deps: PartnerApiDeps, call: MethodCall<OrderCreateParams>): { terms: Pick<CreateOrderRequest, 'from' | 'to' | 'rateType' | 'amountSend' | 'amountReceive'>; quotedRate?: string } {
  const { params, caller, t } = call;
  if (params.quoteId === undefined) {
    return { terms: { from: params.from!, to: params.to!, rateType: params.rateType as RateType, amountSend: params.amountSend, amountReceive: params.amountReceive } };
  }
  const quote = openQuote(deps.orders.secretKeys, params.quoteId, caller.keyId);
  if (!quote) throw partnerError('validation_error', { quoteId: t(validationMessage('general_error').key) });
  if (deps.orders.now().getTime() > quote.expiresAt) throw partnerError('quote_expired');
  return {
    terms: { from: quote.from, to: quote.to, rateType: quote.rateType, [quote.side]: quote.amount },
    // A fixed quote holds its rate: a different current one means the quote no longer stands.
    quotedRate: quote.rateType === 'fixed' ? quote.rate : undefined,
  };
}

/**
 * `order_create`: createOrder with the key's owner as the order's user (their history) and
 * partner (their partner table), the key recorded. With `externalId` it is idempotent per key: a
 * repeat — even a parallel one, which the unique (apiKeyId, externalId) index refuses — answers the
 * order already made.
 */
export const orderCreate = (deps: PartnerApiDeps) =>
  defineMethod<OrderCreateParams>({
    name: 'order_create',
    schema: orderCreateParamsSchema,
    answer: { schema: partnerOrderSchema, example: partnerOrderExample },
    async handle(call): Promise<PartnerOrderDto> {
      const { caller, params, t, lang } = call;
      const externalId = params.externalId ?? null;
      const existing = () => (externalId ? deps.orders.models.Order.findOne({ where: { apiKeyId: caller.keyId, externalId } }) : Promise.resolve(null));
      const repeated = await existing();
      if (repeated) return loadPartnerOrder(deps.orders, repeated);
      if (await deps.maintenance.isOn()) throw partnerError('maintenance');
      // A callback URL resolving to a private or loopback address is refused now (and again at each send).
      if (params.callbackUrl && (await checkCallbackUrl(params.callbackUrl, deps.orders.webhooks.allowPrivate)) === 'private') {
        throw partnerError('validation_error', { callbackUrl: t('errors.callback_url_refused') });
      }
      const { terms, quotedRate } = orderTerms(deps, call);
      const user = await deps.orders.models.User.findByPk(caller.userId, { attributes: ['id', 'kycStatus', 'referrerId'] });
      if (!user) throw partnerError('order_not_found');
      const request: CreateOrderRequest = {
        ...terms,
        email: params.email,
        senderAccount: params.senderAccount,
        receiverAccount: params.receiverAccount,
        extra: params.extra,
        comment: params.comment,
        agreeTerms: true,
      };
      try {
        const created = await createOrder(deps.orders, {
          request,
          user,
          lang,
          t,
          ip: caller.ip,
          api: { keyId: caller.keyId, externalId, callbackUrl: params.callbackUrl ?? null },
          quotedRate,
        });
        return loadPartnerOrder(deps.orders, (await deps.orders.models.Order.findOne({ where: { uid: created.uid } }))!);
      } catch (error) {
        if (!(error instanceof ExternalIdTaken)) throw error;
        return loadPartnerOrder(deps.orders, (await existing())!);
      }
    },
  });
