/**
 * What a direction asks of an order beyond the common fields: the account fields each side
 * needs (a card or bank account on both sides, a wallet to receive a coin, none for cash) and
 * the direction's extra fields with their patterns. Failures are translated per field
 * (`senderAccount`, `receiverAccount`, `extra.<name>`), with the messages the form shows.
 */
import { object, string, ValidationError as SchemaValidationError, type AnySchema, type StringSchema } from 'yup';
import type { AssetDto, ExtraFieldDto } from '../../common/catalogue';
import { accountFormTest } from '../../common/paymentDetails';
import type { CreateOrderRequest } from '../../common/orders';
import { accountField, rule, translateValidationError, validationMessage } from '../../common/validation';
import type { Translate } from '../platform/i18n';
import { ValidationError } from '../platform/errors';
import type { OrderExtra } from '../models';

function extraSchema(field: ExtraFieldDto): AnySchema {
  let schema = field.required ? string().required() : string();
  if (field.name === 'phone') schema = schema.test(rule('phone'));
  if (field.pattern) {
    const pattern = new RegExp(field.pattern);
    const compact = field.name === 'phone';
    schema = schema.test({
      name: 'direction_pattern',
      test: (value, context) =>
        !value ||
        pattern.test(compact ? value.replace(/[\s()-]/g, '') : value) ||
        context.createError({ message: validationMessage(compact ? 'phone' : 'general_error') }),
    });
  }
  return schema;
}

/** A bank card (common/catalogue.ts: the saved requisites' page asks it too). */
export { isBankCard } from '../../common/catalogue';

/** The side's asset: what its account's form depends on (common/paymentDetails.ts accountProblem). */
type SideAsset = Pick<AssetDto, 'type' | 'code' | 'network' | 'currency'>;

/** A side's account in its asset's form (common/paymentDetails.ts accountProblem: a card's digits, a wallet's network). */
function inAssetForm<S extends StringSchema<string | undefined>>(schema: S, side: SideAsset): S {
  return schema.test(accountFormTest(side)) as S;
}

/**
 * Checks the accounts and extra fields of `request` for the direction; returns the extra fields
 * kept (those the direction names, trimmed) or throws 400 validation_failed.
 */
export async function checkDirectionFields(
  request: Pick<CreateOrderRequest, 'senderAccount' | 'receiverAccount' | 'extra'>,
  direction: { extraFields: ExtraFieldDto[]; from: SideAsset; to: SideAsset },
  t: Translate,
): Promise<OrderExtra> {
  const optionalAccount = string().test(rule('account'));
  const extraShape: Record<string, AnySchema> = {};
  for (const field of direction.extraFields) extraShape[field.name] ??= extraSchema(field);
  const schema = object({
    senderAccount: inAssetForm(direction.from.type === 'fiat' ? accountField : optionalAccount, direction.from),
    receiverAccount: inAssetForm(direction.to.type === 'cash' ? optionalAccount : accountField, direction.to),
    extra: object(extraShape),
  });
  const extra: OrderExtra = {};
  for (const field of direction.extraFields) {
    const value = request.extra?.[field.name]?.trim();
    if (value) extra[field.name] = value;
  }
  try {
    await schema.validate(
      { senderAccount: request.senderAccount || undefined, receiverAccount: request.receiverAccount || undefined, extra },
      { abortEarly: false },
    );
  } catch (error) {
    if (error instanceof SchemaValidationError) throw new ValidationError(translateValidationError(error, t));
    throw error;
  }
  return extra;
}
