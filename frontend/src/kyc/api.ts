import type { KycStatusDto } from '../../../common/kyc';
import { api, apiUrl } from '../api/client';
import { uploadFiles } from '../orders/upload';

export const KYC_STATUS_KEY = ['kyc', 'status'] as const;

/** The user's side of identity verification. */
export const kycApi = {
  status: () => api.get<KycStatusDto>('/user/kyc'),
  /** One multipart request with both files; `onProgress` counts the bytes sent of the whole body. */
  submit: (document: File, selfie: File, onProgress: (loaded: number, total: number) => void) =>
    uploadFiles<KycStatusDto>(apiUrl('/user/kyc'), { document, selfie }, onProgress),
};
