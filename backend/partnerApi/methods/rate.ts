import { PARTNER_QUOTE_TTL_SECONDS, type PartnerQuoteDto } from '../../../common/partnerApi';
import { priceOrder } from '../../orders/createOrder';
import { signQuote } from '../quotes';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { rateParamsSchema, type RateParams } from './schemas';
import { dateTime, decimal, objectOf, oneOf, str } from './answers';
import { RATE_TYPES } from '../../../common/enums';

/**
 * `rate`: the widget's quote (createOrder's priceOrder: the live rate, the direction's limits and
 * reserve) for an amount on either side, with a quoteId to order it by (../quotes.ts).
 */
export const rate = (deps: PartnerApiDeps) =>
  defineMethod<RateParams>({
    name: 'rate',
    schema: rateParamsSchema,
    answer: {
      schema: objectOf({ from: str, to: str, rateType: oneOf(RATE_TYPES), rate: decimal, amountSend: decimal, amountReceive: decimal, min: decimal, max: decimal, reserve: decimal, quoteId: str, expiresAt: dateTime }),
      example: { from: 'BTC', to: 'SBERRUB', rateType: 'fixed', rate: '6012345.5', amountSend: '0.01', amountReceive: '60123.45', min: '0.001', max: '2', reserve: '1500000', quoteId: 'eyJrIjo0MiwiZiI6IkJUQyJ9.c2lnbmF0dXJl', expiresAt: '2026-01-15T10:01:00.000Z' },
    },
    async handle({ caller, params, t }): Promise<PartnerQuoteDto> {
      const request = { ...params, rateType: params.rateType as 'fixed' | 'float' };
      const { rate: live, quote } = await priceOrder(deps.orders, request, t);
      const side = params.amountSend !== undefined ? 'amountSend' : 'amountReceive';
      const expiresAt = deps.orders.now().getTime() + PARTNER_QUOTE_TTL_SECONDS * 1000;
      const quoteId = signQuote(deps.orders.secretKeys, {
        keyId: caller.keyId,
        from: params.from,
        to: params.to,
        rateType: request.rateType,
        side,
        amount: side === 'amountSend' ? quote.amountSend : quote.amountReceive,
        rate: live.rate,
        expiresAt,
      });
      return {
        from: params.from,
        to: params.to,
        rateType: request.rateType,
        rate: live.rate,
        amountSend: quote.amountSend,
        amountReceive: quote.amountReceive,
        min: live.min,
        max: live.max,
        reserve: live.reserve,
        quoteId,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },
  });
