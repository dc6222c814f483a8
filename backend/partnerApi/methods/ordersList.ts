import type { OrderStatus } from '../../../common/enums';
import { PARTNER_API_PAGE_SIZE } from '../../../common/partnerApi';
import type { UserExchangeDto } from '../../../common/userExchanges';
import { findUserExchanges } from '../../orders/userExchanges';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { ordersListParamsSchema, type OrdersListParams } from './schemas';
import { dateTime, decimal, int, nullable, objectOf, oneOf, pageOf, str } from './answers';
import { ORDER_STATUSES, RATE_TYPES } from '../../../common/enums';
import { DELETE_REASONS } from '../../../common/orders';

/**
 * `orders_list`: the key owner's orders — all of them, as their exchange history lists them
 * (orders/userExchanges.ts), the site's and every key's; a row made through a key carries its
 * externalId — newest first, by status, creation dates (`from` inclusive, `to` exclusive) and cursor.
 */
export const ordersList = (deps: PartnerApiDeps) =>
  defineMethod<OrdersListParams>({
    name: 'orders_list',
    schema: ordersListParamsSchema,
    answer: {
      schema: pageOf(
        objectOf({
          uid: str,
          version: int,
          status: oneOf(ORDER_STATUSES),
          deleteReason: nullable(oneOf(DELETE_REASONS)),
          from: objectOf({ code: str, name: str, nameRu: nullable(str), currency: str, precision: int }),
          to: objectOf({ code: str, name: str, nameRu: nullable(str), currency: str, precision: int }),
          rateType: oneOf(RATE_TYPES),
          amountSend: decimal,
          amountReceive: decimal,
          receivedAmount: nullable(decimal),
          createdAt: dateTime,
          externalId: nullable(str),
        }),
      ),
      example: {
        items: [
          {
            uid: 'K7Q2M9XA',
            version: 3,
            status: 'done',
            deleteReason: null,
            from: { code: 'BTC', name: 'Bitcoin', nameRu: null, currency: 'BTC', precision: 8 },
            to: { code: 'SBERRUB', name: 'Sberbank', nameRu: 'Сбербанк', currency: 'RUB', precision: 2 },
            rateType: 'fixed',
            amountSend: '0.01',
            amountReceive: '60123.45',
            receivedAmount: '0.01',
            createdAt: '2026-01-15T10:00:00.000Z',
            externalId: 'partner-order-1',
          },
        ],
        nextCursor: '1042',
      },
    },
    async handle({ caller, params }): Promise<{ items: (UserExchangeDto & { externalId: string | null })[]; nextCursor: string | null }> {
      const found = await findUserExchanges(
        deps.orders.models,
        caller.userId,
        {
          statuses: params.status ? [params.status as OrderStatus] : undefined,
          createdFrom: params.from,
          createdBefore: params.to,
          cursor: params.cursor,
        },
        PARTNER_API_PAGE_SIZE,
      );
      return { items: found.rows.map((row, index) => ({ ...row, externalId: found.orders[index]!.externalId ?? null })), nextCursor: found.nextCursor };
    },
  });
