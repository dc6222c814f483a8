/**
 * File uploads with progress: `fetch` reports no upload progress, so these go through
 * XMLHttpRequest — multipart, field `file`, the `lang` header, same-origin cookies — and answer
 * the API envelope like `apiRequest` does.
 */
import i18next from 'i18next';
import { ErrorCode, type ApiEnvelope } from '../../../common/api';
import { MAX_UPLOAD_BYTES } from '../../../common/orders';
import { ApiError } from '../api/ApiError';
import { requestLanguage } from '../api/client';

export interface UploadState {
  status: 'idle' | 'uploading' | 'done' | 'failed';
  /** 0–100 while uploading (100 once the bytes are sent and the server checks the image). */
  percent: number;
  error: string | null;
}

export type UploadEvent =
  | { type: 'start' }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'done' }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

export const IDLE_UPLOAD: UploadState = { status: 'idle', percent: 0, error: null };

/** The upload's state after `event` (progress never goes back, and is ignored once finished). */
export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'start':
      return { status: 'uploading', percent: 0, error: null };
    case 'progress': {
      if (state.status !== 'uploading' || event.total <= 0) return state;
      const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
      return percent > state.percent ? { ...state, percent } : state;
    }
    case 'done':
      return { status: 'done', percent: 100, error: null };
    case 'failed':
      return { status: 'failed', percent: 0, error: event.message };
    case 'reset':
      return IDLE_UPLOAD;
  }
}

function parseEnvelope<T>(xhr: XMLHttpRequest): ApiEnvelope<T> | null {
  if (!(xhr.getResponseHeader('content-type') ?? '').includes('application/json')) return null;
  try {
    return JSON.parse(xhr.responseText) as ApiEnvelope<T>;
  } catch {
    return null;
  }
}

/** Posts `file` to `url` (field `file`); resolves with the envelope's `data`, rejects with `ApiError`. */
export function uploadFile<T>(url: string, file: Blob, onProgress: (loaded: number, total: number) => void): Promise<T> {
  return uploadFiles<T>(url, { file }, onProgress);
}

/**
 * Posts `files` (field → file) in one multipart request to `url`, in their order; like `uploadFile`.
 * A file over MAX_UPLOAD_BYTES is refused here, as the server would refuse it (413 file_too_large),
 * before its megabytes go over a phone's network.
 */
export function uploadFiles<T>(url: string, files: Record<string, Blob>, onProgress: (loaded: number, total: number) => void): Promise<T> {
  if (Object.values(files).some((file) => file.size > MAX_UPLOAD_BYTES)) {
    return Promise.reject(new ApiError(413, { code: ErrorCode.FileTooLarge, message: i18next.t('errors.file_too_large') }));
  }
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = false;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('lang', requestLanguage());
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      const envelope = parseEnvelope<T>(xhr);
      if (envelope?.success === true && xhr.status >= 200 && xhr.status < 300) resolve(envelope.data);
      else if (envelope?.success === false) reject(new ApiError(xhr.status, envelope.error));
      else {
        const code = xhr.status === 413 ? ErrorCode.FileTooLarge : ErrorCode.Internal;
        const message = xhr.status === 413 ? i18next.t('errors.file_too_large') : i18next.t('error.server_text');
        reject(new ApiError(xhr.status, { code, message }));
      }
    });
    const networkFailure = () =>
      reject(new ApiError(0, { code: ErrorCode.ServiceUnavailable, message: i18next.t('error.network_text') }));
    xhr.addEventListener('error', networkFailure);
    xhr.addEventListener('abort', networkFailure);
    // `window.` names the document's own FormData (under jsdom, Node's global one is another class).
    const form = new window.FormData();
    for (const [field, file] of Object.entries(files)) form.append(field, file, file instanceof window.File ? file.name : 'upload');
    xhr.send(form);
  });
}
