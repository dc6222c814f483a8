import { boolean, object, type InferType } from 'yup';
import { confirmPasswordField, nameField, otpCodeField, passwordField } from '../../common/validation';
import { currentPasswordField } from './schemas';

export const editMainSchema = object({ firstName: nameField, secondName: nameField });
export type EditMainInput = InferType<typeof editMainSchema>;

export const notificationsSchema = object({ notifyPasswordChange: boolean().required(), notifySignIn: boolean().required() });
export type NotificationsInput = InferType<typeof notificationsSchema>;

export const changePasswordSchema = object({
  currentPassword: currentPasswordField,
  password: passwordField,
  confirmPassword: confirmPasswordField('password'),
  endOtherSessions: boolean().default(true),
});
export type ChangePasswordInput = InferType<typeof changePasswordSchema>;

export const otpCodeSchema = object({ code: otpCodeField });
export type OtpCodeInput = InferType<typeof otpCodeSchema>;

export const deleteAccountSchema = object({ password: currentPasswordField });
export type DeleteAccountInput = InferType<typeof deleteAccountSchema>;
