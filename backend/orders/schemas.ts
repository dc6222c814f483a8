import { number, object, string, type InferType } from 'yup';
import { ASSET_CODE_PATTERN, EXTRA_FIELD_NAMES } from '../../common/catalogue';
import { ORDER_STATUSES, RATE_TYPES } from '../../common/enums';
import { isDecimalString } from '../../common/money';
import { MAX_EXTEND_MINUTES, MAX_REVERSE_REASON, MAX_REVIEW_REASON, type CreateOrderRequest } from '../../common/orders';
import { REVIEW_KINDS } from '../../common/reviews';
import { agreeTermsField, amountField, emailField, rule, validationMessage } from '../../common/validation';

/** Longest comment, account or extra value kept. */
export const COMMENT_MAX_LENGTH = 500;
export const ACCOUNT_MAX_LENGTH = 255;
export const REF_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An asset code (required). */
const code = string().required().matches(ASSET_CODE_PATTERN, { message: validationMessage('general_error') });
/** A plain decimal string (no comma, no spaces): what the quote math takes. */
/** A plain decimal amount (optional). */
export const orderAmountField = amountField()
  .optional()
  .test({
    name: 'plain_decimal',
    test: (value, context) => value === undefined || isDecimalString(value) || context.createError({ message: validationMessage('invalid_amount') }),
  });
export const assetCodeField = code;
/** `amountReceive` beside `amountSend`: exactly one of the two. */
export const oneAmountField = orderAmountField.test({
  name: 'one_amount',
  test: (value, context) =>
    (value === undefined) !== (context.parent.amountSend === undefined) || context.createError({ message: validationMessage(value === undefined ? 'required' : 'general_error') }),
});
export const optionalText = (max: number) => string().strict().optional().test(rule('max_length', max));

export const extraShape = Object.fromEntries(EXTRA_FIELD_NAMES.map((name) => [name, optionalText(ACCOUNT_MAX_LENGTH)]));

/**
 * `POST /api/orders` (CreateOrderRequest): exactly one of amountSend / amountReceive; the
 * direction's own rules (accounts, extra fields, limits) are checked by createOrder.
 */
export const createOrderSchema = object({
  from: code,
  to: code,
  amountSend: orderAmountField,
  amountReceive: oneAmountField,
  rateType: string().required().oneOf([...RATE_TYPES], validationMessage('general_error')),
  email: emailField.test(rule('max_length', 191)),
  senderAccount: optionalText(ACCOUNT_MAX_LENGTH),
  receiverAccount: optionalText(ACCOUNT_MAX_LENGTH),
  extra: object(extraShape).optional().default(undefined),
  comment: optionalText(COMMENT_MAX_LENGTH),
  agreeTerms: agreeTermsField,
  ref: string().optional().matches(REF_PATTERN, { message: validationMessage('general_error') }),
});

/**
 * The schema is the source of truth of what the route hands createOrder as the common/
 * CreateOrderRequest the page sends: same fields, each of a type the request accepts. A compile
 * error here means the two drifted.
 */
export type CreateOrderInput = InferType<typeof createOrderSchema>;
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
export const CREATE_ORDER_INPUT_IS_REQUEST: SameKeys<CreateOrderInput, CreateOrderRequest> extends true
  ? CreateOrderInput extends CreateOrderRequest
    ? true
    : never
  : never = true;

/** `refund-address {address}`. */
export const refundAddressSchema = object({
  address: string().strict().required().test(rule('account')).test(rule('max_length', ACCOUNT_MAX_LENGTH)),
});

/** Operator action bodies: each action reads the field it needs. */
export const operatorActionSchema = object({
  amount: orderAmountField,
  address: string().strict().optional().test(rule('account')).test(rule('max_length', ACCOUNT_MAX_LENGTH)),
  reason: string().strict().optional().trim().max(MAX_REVERSE_REASON, validationMessage('max_length', { max: MAX_REVERSE_REASON })),
  minutes: number().strict().optional().integer(validationMessage('integer')).min(1, validationMessage('min_value', { min: 1 })).max(MAX_EXTEND_MINUTES, validationMessage('max_value', { max: MAX_EXTEND_MINUTES })),
});

export type OperatorActionInput = InferType<typeof operatorActionSchema>;

export const operatorListSchema = object({
  status: string().optional().oneOf([...ORDER_STATUSES], validationMessage('general_error')),
  cursor: string().optional().matches(/^\d{1,12}$/, { message: validationMessage('general_error') }),
});

export type OperatorListQuery = InferType<typeof operatorListSchema>;

/** `POST /api/admin/payment-details`: the shape; the per-asset rules are the command's (paymentDetailsAdmin.ts). */
export const createPaymentDetailSchema = object({
  asset: string().required(validationMessage('required')).max(32, validationMessage('max_length', { max: 32 })),
  account: string().required(validationMessage('required')).max(255, validationMessage('max_length', { max: 255 })),
  holder: string().optional().max(64, validationMessage('max_length', { max: 64 })),
  note: string().optional().max(255, validationMessage('max_length', { max: 255 })),
  memo: string().optional().max(64, validationMessage('max_length', { max: 64 })),
});

export const paymentDetailIdSchema = object({
  id: string().required().matches(/^\d{1,10}$/, { message: validationMessage('general_error') }),
});

export const reviewListSchema = object({
  kind: string().required(validationMessage('required')).oneOf([...REVIEW_KINDS], validationMessage('general_error')),
  cursor: string().optional().matches(/^\d{1,15}_\d{1,12}$/, { message: validationMessage('general_error') }),
});

export const reviewDecisionSchema = object({
  reason: string()
    .strict()
    .optional()
    .nullable()
    .test(rule('max_length', MAX_REVIEW_REASON)),
});
