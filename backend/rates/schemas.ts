import { object, type InferType } from 'yup';
import { amountField } from '../../common/validation';

/** `?amountSend=` or `?amountReceive=`: a positive decimal string, at most one of the two. */
export const quoteQuerySchema = object({
  amountSend: amountField().optional(),
  amountReceive: amountField().optional(),
});

export type QuoteQuery = InferType<typeof quoteQuerySchema>;
