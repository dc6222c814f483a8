import { number, object, string, type InferType } from 'yup';
import { validationMessage } from '../../common/validation';

const token = (max: number) => string().optional().max(max, validationMessage('general_error')).matches(/^[\w.:@-]+$/, { message: validationMessage('general_error') });

export const auditListSchema = object({
  action: token(64),
  actorId: number().optional().integer(validationMessage('integer')).min(1, validationMessage('min_value', { min: 1 })),
  targetType: token(32),
  targetId: token(128),
  cursor: string().optional().matches(/^\d{1,12}$/, { message: validationMessage('general_error') }),
});

export type AuditListQuery = InferType<typeof auditListSchema>;
