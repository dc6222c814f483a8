/** The board's inputs (common/board.ts): the list/CSV filters and the command bodies. */
import { number, object, string } from 'yup';
import { ASSET_CODE_PATTERN } from '../../common/catalogue';
import { BOARD_ESCALATION_MAX_LENGTH, BOARD_NOTE_MAX_LENGTH, BOARD_Q_MAX_LENGTH } from '../../common/board';
import { ORDER_STATUSES } from '../../common/enums';
import { isDecimalString } from '../../common/money';
import { rule, validationMessage } from '../../common/validation';

const invalid = () => validationMessage('general_error');
/** An asset code as typed: `btc` finds BTC (codes are upper-case). */
const code = string()
  .optional()
  .transform((value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  .matches(ASSET_CODE_PATTERN, { message: invalid() });
const decimal = string()
  .optional()
  .test({ name: 'decimal', test: (value, context) => value === undefined || isDecimalString(value) || context.createError({ message: validationMessage('invalid_amount') }) });
const isoTime = string()
  .optional()
  .test({
    name: 'iso_time',
    test: (value, context) =>
      value === undefined || (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value))) || context.createError({ message: invalid() }),
  });

/** `GET /api/operator/orders` and `.csv`: every filter optional, AND-combined. */
export const boardListSchema = object({
  status: string().optional().oneOf([...ORDER_STATUSES], invalid()),
  from: code,
  to: code,
  asset: code,
  assigned: string().optional().matches(/^(me|none|\d{1,10})$/, { message: invalid() }),
  seen: string().optional().oneOf(['yes', 'no'], invalid()),
  createdFrom: isoTime,
  createdTo: isoTime,
  amountMin: decimal,
  amountMax: decimal,
  q: string().optional().test(rule('max_length', BOARD_Q_MAX_LENGTH)),
  cursor: string().optional().matches(/^\d{1,12}$/, { message: invalid() }),
});

export const boardNoteSchema = object({
  text: string().strict().required(validationMessage('required')).trim().min(1, validationMessage('required')).test(rule('max_length', BOARD_NOTE_MAX_LENGTH)),
});

export const boardEscalateSchema = object({
  reason: string().strict().required(validationMessage('required')).trim().min(1, validationMessage('required')).test(rule('max_length', BOARD_ESCALATION_MAX_LENGTH)),
});

export const boardReassignSchema = object({
  userId: number().strict().required(validationMessage('required')).integer(validationMessage('integer')).min(1, invalid()),
});
