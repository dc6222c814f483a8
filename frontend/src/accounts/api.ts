import { api } from '../api/client';

/** Registration payload (`POST /api/user/auth/register`). */
export interface RegisterBody {
  firstName: string;
  secondName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  agreeTerms: boolean;
  captcha: string;
  ref: string;
}

export interface SignInBody {
  email: string;
  password: string;
  captcha: string;
  /** The one-time code, '' until the server asks for it (`otp_required`). */
  code: string;
  remember: boolean;
}

export interface ResetConfirmBody {
  token: string;
  password: string;
  confirmPassword: string;
  code?: string;
}

export interface ChangePasswordBody {
  currentPassword: string;
  password: string;
  confirmPassword: string;
  endOtherSessions: boolean;
}

export interface NotificationSettings {
  notifyPasswordChange: boolean;
  notifySignIn: boolean;
}

export interface OtpSetup {
  secret: string;
  otpauthUrl: string;
  /** A `data:image/png;base64,…` QR code of `otpauthUrl`. */
  qrDataUrl: string;
}

/** The accounts calls of the REST API (ARCHITECTURE §3, issue 4). */
export const accountsApi = {
  register: (body: RegisterBody) => api.post<unknown>('/user/auth/register', body),
  activate: (token: string) => api.post<unknown>('/user/auth/activate', { token }),
  signIn: (body: SignInBody) => api.post<unknown>('/user/auth/sign-in', body),
  requestReset: (body: { email: string; captcha: string }) => api.post<unknown>('/user/auth/reset-password', body),
  confirmReset: (body: ResetConfirmBody) => api.post<unknown>('/user/auth/reset-password/confirm', body),
  editMain: (body: { firstName: string; secondName: string }) => api.post<unknown>('/user/profile/edit/main', body),
  notifications: (body: NotificationSettings) => api.post<unknown>('/user/profile/notifications', body),
  changePassword: (body: ChangePasswordBody) => api.post<unknown>('/user/profile/password', body),
  block: () => api.post<unknown>('/user/profile/block', {}),
  deleteAccount: (password: string) => api.post<unknown>('/user/profile/delete', { password }),
  otpSetup: () => api.post<OtpSetup>('/user/profile/otp/setup', {}),
  otpEnable: (code: string) => api.post<unknown>('/user/profile/otp/enable', { code }),
  otpDisable: (code: string) => api.post<unknown>('/user/profile/otp/disable', { code }),
};
