/** The history's inputs (common/userExchanges.ts): a bad filter or cursor is a 400 `validation_failed`. */
import { object, string } from 'yup';
import { HISTORY_FILTERS } from '../../common/userExchanges';
import { validationMessage } from '../../common/validation';

const invalid = () => validationMessage('general_error');

/** `GET /api/user/exchanges?status=&cursor=`: both optional; the cursor is an order id. */
export const userExchangesQuerySchema = object({
  status: string().strict().optional().oneOf([...HISTORY_FILTERS], invalid()),
  cursor: string().strict().optional().matches(/^[1-9]\d{0,11}$/, { message: invalid() }),
});
