import { boolean, mixed, object, string, type InferType } from 'yup';
import { USER_ROLES, type UserRole } from '../../common/enums';
import { ADMIN_USER_STATUSES, type AdminUserStatus } from '../../common/usersAdmin';
import {
  agreeTermsField,
  confirmPasswordField,
  emailField,
  nameField,
  otpCodeField,
  PASSWORD_MAX_LENGTH,
  passwordField,
  phoneField,
  rule,
  trimmedString,
  validationMessage,
} from '../../common/validation';

/** A password being checked (sign-in, confirmation): any characters, bounded for the hashing work. */
export const currentPasswordField = string().required().test(rule('max_length', PASSWORD_MAX_LENGTH));
/** The captcha token; checked by the verifier (absent is fine while the captcha is off). */
const captchaField = string().max(4096).nullable().optional();
/** A one-time code that may be left out (the server then answers otp_required when it is needed). */
const optionalCode = otpCodeField.nullable().optional().transform((value) => (value === '' ? null : value));
const tokenField = string().required().max(200);

export const registerSchema = object({
  firstName: nameField,
  secondName: nameField,
  email: emailField,
  phone: phoneField,
  password: passwordField,
  confirmPassword: confirmPasswordField('password'),
  agreeTerms: agreeTermsField,
  captcha: captchaField,
  ref: string().max(64).nullable().optional(),
});
export type RegisterInput = InferType<typeof registerSchema>;

export const activateSchema = object({ token: tokenField });
export type TokenInput = InferType<typeof activateSchema>;

export const signInSchema = object({
  email: emailField,
  password: currentPasswordField,
  captcha: captchaField,
  code: optionalCode,
  remember: boolean().default(false),
});
export type SignInInput = InferType<typeof signInSchema>;

export const resetPasswordSchema = object({ email: emailField, captcha: captchaField });
export type ResetPasswordInput = InferType<typeof resetPasswordSchema>;

export const confirmResetSchema = object({
  token: tokenField,
  password: passwordField,
  confirmPassword: confirmPasswordField('password'),
  code: optionalCode,
});
export type ConfirmResetInput = InferType<typeof confirmResetSchema>;

// The profile (signed in).

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

/** `GET /api/admin/users?q=&cursor=` (staff): by email, id or name. */
const ROLE_LIST = new RegExp(`^(${USER_ROLES.join('|')})(,(${USER_ROLES.join('|')}))*$`);

export const adminUserSearchSchema = object({
  q: trimmedString().optional().max(254, validationMessage('max_length', { max: 254 })),
  /** One role or several joined by commas (`operator,admin`). */
  role: string().optional().matches(ROLE_LIST, { message: validationMessage('general_error') }),
  status: mixed<AdminUserStatus>().optional().oneOf([...ADMIN_USER_STATUSES, undefined], validationMessage('general_error')),
  cursor: string().optional().matches(/^\d{1,12}$/, { message: validationMessage('general_error') }),
});
export type AdminUserSearchQuery = InferType<typeof adminUserSearchSchema>;

/** `PUT /api/admin/users/{id}/role` (admins). */
export const adminUserRoleSchema = object({
  role: mixed<UserRole>().required(validationMessage('required')).oneOf([...USER_ROLES], validationMessage('general_error')),
});
export type AdminUserRoleBody = InferType<typeof adminUserRoleSchema>;
