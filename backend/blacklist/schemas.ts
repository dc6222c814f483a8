import { mixed, object, string, type InferType } from 'yup';
import { BLACKLIST_ACTIONS, BLACKLIST_KINDS, BLACKLIST_REASON_MAX, type BlacklistAction, type BlacklistKind } from '../../common/blacklist';
import { validationMessage } from '../../common/validation';
import { cardDigits, parseCidr } from './normalize';

const general = validationMessage('general_error');
const required = validationMessage('required');

/** The value's format by kind: a card is 12–19 digits, an IP a CIDR range or one address, an email has an @. */
function valueFits(kind: unknown, value: string): boolean {
  if (kind === 'card') return cardDigits(value) !== null;
  if (kind === 'ip') return parseCidr(value) !== null;
  if (kind === 'email') return /^[^\s@]+@[^\s@]+$/.test(value.trim());
  return value.trim().length > 0;
}

/** `POST /api/admin/blacklist` */
export const blacklistAddSchema = object({
  kind: mixed<BlacklistKind>().required(required).oneOf([...BLACKLIST_KINDS], general),
  value: string()
    .strict()
    .required(required)
    .max(255, validationMessage('max_length', { max: 255 }))
    .test({ name: 'kind_format', message: general, test: (value, context) => value === undefined || valueFits(context.parent.kind, value) }),
  action: mixed<BlacklistAction>().required(required).oneOf([...BLACKLIST_ACTIONS], general),
  reason: string()
    .strict()
    .required(required)
    .trim()
    .min(1, required)
    .max(BLACKLIST_REASON_MAX, validationMessage('max_length', { max: BLACKLIST_REASON_MAX })),
});
export type BlacklistAddInput = InferType<typeof blacklistAddSchema>;

export const blacklistListSchema = object({
  kind: mixed<BlacklistKind>().optional().oneOf([...BLACKLIST_KINDS], general),
  cursor: string().optional().matches(/^\d{1,12}$/, { message: general }),
});
export type BlacklistListQuery = InferType<typeof blacklistListSchema>;
