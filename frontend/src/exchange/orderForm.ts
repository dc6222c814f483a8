/**
 * The order-details form of a direction: which fields it shows and their yup schema, built from
 * the shared field schemas of common/validation, and the body of `POST /api/orders`.
 */
import { object, string, type AnyObject, type ObjectSchema, type StringSchema } from 'yup';
import type { AssetDto, DirectionDto, ExtraFieldName } from '../../../common/catalogue';
import type { RateType } from '../../../common/enums';
import type { CreateOrderRequest } from '../../../common/orders';
import {
  accountField,
  agreeTermsField,
  emailField,
  rule,
  validationMessage,
} from '../../../common/validation';
import { accountFormTest } from '../../../common/paymentDetails';
import type { Quote, AmountSide } from './quote';

export const COMMENT_MAX_LENGTH = 500;

export interface OrderFormValues extends AnyObject {
  email: string;
  senderAccount: string;
  receiverAccount: string;
  comment: string;
  agreeTerms: boolean;
  /** Extra fields of the direction by name (memo, tag, cardHolder, phone, bankName). */
  [extra: string]: string | boolean;
}

export type AccountField = 'senderAccount' | 'receiverAccount';

export interface OrderFormLayout {
  /** The account fields shown, and whether each is required. */
  accounts: { name: AccountField; required: boolean; kind: AssetDto['type']; asset: AssetDto }[];
  extras: { name: ExtraFieldName; required: boolean; pattern?: string }[];
}

/**
 * Cards and bank accounts are needed on both sides; a coin is received to a wallet and may give
 * a wallet for refunds; cash changes hands in the office, so it has no account field.
 */
export function orderFormLayout(direction: DirectionDto, from: AssetDto, to: AssetDto): OrderFormLayout {
  const accounts: OrderFormLayout['accounts'] = [];
  if (from.type !== 'cash') accounts.push({ name: 'senderAccount', required: from.type === 'fiat', kind: from.type, asset: from });
  if (to.type !== 'cash') accounts.push({ name: 'receiverAccount', required: true, kind: to.type, asset: to });
  const extras: OrderFormLayout['extras'] = [];
  for (const field of direction.extraFields) {
    // The same field asked for on both sides (a card holder name) is asked for once.
    if (!extras.some((extra) => extra.name === field.name)) extras.push(field);
  }
  return { accounts, extras };
}

/** Phone numbers are checked and sent without the spaces, brackets and hyphens people type. */
export function compactPhone(value: string): string {
  return value.replace(/[\s()-]/g, '');
}

function extraSchema({ name, required, pattern }: OrderFormLayout['extras'][number]): StringSchema {
  let schema = required ? string().required() : string();
  if (name === 'phone') {
    schema = schema.test(rule('phone'));
    if (pattern) {
      const expected = new RegExp(pattern);
      schema = schema.test({
        name: 'phone_pattern',
        test: (value, context) =>
          !value || expected.test(compactPhone(value)) || context.createError({ message: validationMessage('phone') }),
      });
    }
  } else if (pattern) {
    schema = schema.test(rule('custom_rule', pattern));
  }
  return schema;
}

export function orderFormSchema(layout: OrderFormLayout): ObjectSchema<OrderFormValues> {
  const shape: Record<string, unknown> = {
    email: emailField,
    comment: string().test(rule('max_length', COMMENT_MAX_LENGTH)),
    agreeTerms: agreeTermsField,
  };
  for (const account of layout.accounts) {
    // The general shape, then the asset's own form — a card's digits, a wallet of its network —
    // as the server checks it (common/paymentDetails.ts accountProblem).
    shape[account.name] = (account.required ? accountField : string().test(rule('account'))).test(accountFormTest(account.asset));
  }
  for (const extra of layout.extras) shape[extra.name] = extraSchema(extra);
  return object(shape as Record<string, StringSchema>) as unknown as ObjectSchema<OrderFormValues>;
}

/** Empty fields, but the email of a signed-in customer's account. */
export function initialOrderValues(layout: OrderFormLayout, email = ''): OrderFormValues {
  const values: OrderFormValues = { email, senderAccount: '', receiverAccount: '', comment: '', agreeTerms: false };
  for (const extra of layout.extras) values[extra.name] = '';
  return values;
}

/**
 * The body of `POST /api/orders` (CreateOrderRequest): only the amount on the side the visitor
 * typed — the server computes the other at its own rate — the details, and the referral code
 * the browser holds, if any.
 */
export function createOrderBody(
  pair: { from: string; to: string; rateType: RateType; side: AmountSide; quote: Quote },
  layout: OrderFormLayout,
  values: OrderFormValues,
  ref = '',
): CreateOrderRequest {
  const text = (name: string) => String(values[name] ?? '').trim();
  const extra: NonNullable<CreateOrderRequest['extra']> = {};
  for (const field of layout.extras) {
    const value = text(field.name);
    if (value) extra[field.name] = field.name === 'phone' ? compactPhone(value) : value;
  }
  const body: CreateOrderRequest = {
    from: pair.from,
    to: pair.to,
    ...(pair.side === 'send' ? { amountSend: pair.quote.send } : { amountReceive: pair.quote.receive }),
    rateType: pair.rateType,
    email: text('email'),
    extra,
    agreeTerms: values.agreeTerms === true,
  };
  for (const account of layout.accounts) {
    const value = text(account.name);
    if (value) body[account.name] = value;
  }
  if (text('comment')) body.comment = text('comment');
  if (ref) body.ref = ref;
  return body;
}

/** Server field errors named as the request names them, put on the form's inputs (`extra.phone` → `phone`). */
export function formFieldErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, message]) => [name.replace(/^extra\./, ''), message]));
}
