/** One upload with its progress state, for the card photo and the receipt. */
import { useReducer } from 'react';
import { ApiError } from '../api/ApiError';
import { IDLE_UPLOAD, uploadFile, uploadReducer, type UploadState } from './upload';

export function useUpload<T>(url: string, onDone: (data: T) => void): { state: UploadState; upload: (file: File) => Promise<void> } {
  const [state, dispatch] = useReducer(uploadReducer, IDLE_UPLOAD);
  async function upload(file: File): Promise<void> {
    dispatch({ type: 'start' });
    try {
      const data = await uploadFile<T>(url, file, (loaded, total) => dispatch({ type: 'progress', loaded, total }));
      dispatch({ type: 'done' });
      onDone(data);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      dispatch({ type: 'failed', message: error.message });
    }
  }
  return { state, upload };
}
