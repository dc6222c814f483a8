import { boolean, object } from 'yup';
import { confirmPasswordField, nameField, otpCodeField, passwordField } from '../../../../common/validation';
import { currentPasswordField } from '../auth/schema';

export const editMainSchema = object({ firstName: nameField, secondName: nameField });
export interface EditMainInput {
  firstName: string;
  secondName: string;
}

export const notificationsSchema = object({ notifyPasswordChange: boolean().required(), notifySignIn: boolean().required() });
export interface NotificationsInput {
  notifyPasswordChange: boolean;
  notifySignIn: boolean;
}

export const changePasswordSchema = object({
  currentPassword: currentPasswordField,
  password: passwordField,
  confirmPassword: confirmPasswordField('password'),
  endOtherSessions: boolean().default(true),
});
export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  confirmPassword: string;
  endOtherSessions: boolean;
}

export const otpCodeSchema = object({ code: otpCodeField });
export interface OtpCodeInput {
  code: string;
}

export const deleteAccountSchema = object({ password: currentPasswordField });
export interface DeleteAccountInput {
  password: string;
}
