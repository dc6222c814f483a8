/** The accounts forms' schemas, built from the shared field schemas (the server checks the same fields). */
import { boolean, object, string } from 'yup';
import {
  agreeTermsField,
  confirmPasswordField,
  emailField,
  nameField,
  otpCodeField,
  PASSWORD_MAX_LENGTH,
  passwordField,
  phoneField,
} from '../../../common/validation';

/** An existing password (sign-in, current password): only required, never judged for strength. */
const existingPassword = string().required().max(PASSWORD_MAX_LENGTH);
/** A one-time code that is asked for only once the server wants it. */
const optionalCode = string().defined().default('');

export const signUpSchema = object({
  firstName: nameField,
  secondName: nameField,
  email: emailField,
  phone: phoneField,
  password: passwordField,
  confirmPassword: confirmPasswordField('password'),
  agreeTerms: agreeTermsField,
});

/** Sign-in; `withCode` once the server answered `otp_required`. */
export function signInSchema(withCode: boolean) {
  return object({
    email: emailField,
    password: existingPassword,
    code: withCode ? otpCodeField : optionalCode,
    remember: boolean().defined(),
  });
}

export const restorePasswordSchema = object({ email: emailField });

/** The new-password form of the reset link; `withCode` once the server answered `otp_required`. */
export function resetPasswordSchema(withCode: boolean) {
  return object({
    password: passwordField,
    confirmPassword: confirmPasswordField('password'),
    code: withCode ? otpCodeField : optionalCode,
  });
}

export const profileMainSchema = object({ firstName: nameField, secondName: nameField });

export const changePasswordSchema = object({
  currentPassword: existingPassword,
  password: passwordField,
  confirmPassword: confirmPasswordField('password'),
  endOtherSessions: boolean().defined(),
});

export const otpCodeSchema = object({ code: otpCodeField });

export const deleteAccountSchema = object({ password: existingPassword });
