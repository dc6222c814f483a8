import { boolean, object, string } from 'yup';
import { MAX_KYC_REASON } from '../../common/kyc';
import { rule, validationMessage } from '../../common/validation';

/** `POST /api/operator/kyc/{userId}/approve|reject`: a refusal needs the reason the user will read. */
export const kycDecisionSchema = object({
  reason: string().strict().optional().nullable().test(rule('max_length', MAX_KYC_REASON)),
  final: boolean().strict().optional().default(false),
});

/** `GET /api/operator/reviews?kind=kyc&cursor=` */
export const kycQueueSchema = object({
  kind: string().required(validationMessage('required')),
  cursor: string().optional().matches(/^\d{1,12}$/, { message: validationMessage('general_error') }),
});
