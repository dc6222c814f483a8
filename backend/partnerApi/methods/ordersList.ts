import type { OrderStatus } from '../../../common/enums';
import { PARTNER_API_PAGE_SIZE } from '../../../common/partnerApi';
import type { UserExchangeDto } from '../../../common/userExchanges';
import { findUserExchanges } from '../../orders/userExchanges';
import { defineMethod } from '../registry';
import type { PartnerApiDeps } from './context';
import { ordersListParamsSchema, type OrdersListParams } from './schemas';

/**
 * `orders_list`: the key owner's orders — all of them, as their exchange history lists them
 * (orders/userExchanges.ts), the site's and every key's; a row made through a key carries its
 * externalId — newest first, by status, creation dates (`from` inclusive, `to` exclusive) and cursor.
 */
export const ordersList = (deps: PartnerApiDeps) =>
  defineMethod<OrdersListParams>({
    name: 'orders_list',
    schema: ordersListParamsSchema,
    summary: "The key owner's orders, newest first: filters status, from/to (creation), cursor.",
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
