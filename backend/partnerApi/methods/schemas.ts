/**
 * The parameters of the partner API's methods: the order API's names and rules
 * (backend/orders/schemas.ts), the referral issue's withdrawal request (common/referral.ts).
 */
import { date, object, string, type InferType } from 'yup';
import { ORDER_STATUSES, RATE_TYPES } from '../../../common/enums';
import { withdrawalListQuerySchema, withdrawalRequestSchema } from '../../../common/referral';
import { trimmedString, validationMessage } from '../../../common/validation';
import { assetCodeField, createOrderSchema, oneAmountField, orderAmountField } from '../../orders/schemas';

const cursor = string().optional().matches(/^\d{1,12}$/, { message: validationMessage('general_error') });
const uid = string().required(validationMessage('required')).max(64, validationMessage('general_error'));

/** `rate`: a quote for an amount on either side. */
export const rateParamsSchema = object({
  from: assetCodeField,
  to: assetCodeField,
  rateType: string().required().oneOf([...RATE_TYPES], validationMessage('general_error')),
  amountSend: orderAmountField,
  amountReceive: oneAmountField,
});
export type RateParams = InferType<typeof rateParamsSchema>;

/** `directions`: optionally one asset's. */
export const directionsParamsSchema = object({
  from: string().optional().max(32, validationMessage('general_error')),
  to: string().optional().max(32, validationMessage('general_error')),
});

const customer = createOrderSchema.pick(['email', 'senderAccount', 'receiverAccount', 'extra', 'comment']);

/**
 * `order_create`: from a quote (`quoteId`: the direction, rate type and amount are the quote's;
 * any given are ignored) or from a direction (as POST /api/orders, without agreeTerms/ref: the
 * partner agreed to the terms with the key). `externalId` makes it idempotent per key.
 */
export const orderCreateParamsSchema = customer.shape({
  quoteId: string().optional().max(1000, validationMessage('general_error')),
  from: assetCodeField.when('quoteId', { is: (value: unknown) => value !== undefined, then: (schema) => schema.optional() }),
  to: assetCodeField.when('quoteId', { is: (value: unknown) => value !== undefined, then: (schema) => schema.optional() }),
  rateType: string()
    .oneOf([...RATE_TYPES], validationMessage('general_error'))
    .when('quoteId', { is: (value: unknown) => value === undefined, then: (schema) => schema.required(validationMessage('required')) }),
  amountSend: orderAmountField,
  amountReceive: orderAmountField.when('quoteId', { is: (value: unknown) => value === undefined, then: () => oneAmountField }),
  externalId: trimmedString().optional().min(1, validationMessage('required')).max(64, validationMessage('max_length', { max: 64 })),
  callbackUrl: string()
    .optional()
    .max(500, validationMessage('max_length', { max: 500 }))
    .matches(/^https?:\/\/[^\s]+$/, { message: validationMessage('general_error') }),
});
export type OrderCreateParams = InferType<typeof orderCreateParamsSchema>;

/** `order_get`, `order_cancel`. */
export const orderUidParamsSchema = object({ uid });

/** `orders_list`: the owner's orders, newest first; `from`/`to` are ISO dates of creation (from inclusive, to exclusive). */
export const ordersListParamsSchema = object({
  status: string().optional().oneOf([...ORDER_STATUSES], validationMessage('general_error')),
  from: date().optional().typeError(validationMessage('general_error')),
  to: date().optional().typeError(validationMessage('general_error')),
  cursor,
});
export type OrdersListParams = InferType<typeof ordersListParamsSchema>;

/** `partner_orders`. */
export const cursorParamsSchema = object({ cursor });

/** `withdraw_create`: the referral issue's `{currency, amount, account}` (no 2FA code: the key is the authorisation). */
export const withdrawCreateParamsSchema = withdrawalRequestSchema.omit(['code']);

/** `withdrawals_list`. */
export const withdrawalsListParamsSchema = withdrawalListQuerySchema;
