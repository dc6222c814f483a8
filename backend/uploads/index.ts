/**
 * Safe image uploads (card photos, payment receipts): receive one file over multipart, check and
 * re-encode it, store it under a random name in the upload directory, open and remove it by key.
 */
export type { ImageMime, ReceivedFile, StoredImage, UploadKind } from './types';
export { UPLOAD_KINDS } from './types';
export { FileTooLargeError, ImageTooLargeError, NotAnImageError } from './errors';
export { receiveFiles, receivedFiles, receiveSingleFile, receivedFile, UPLOAD_FIELD, type ReceiveOptions } from './receive';
export { MAX_STORED_SIDE, storeImage } from './store';
export { isImageKey, openStoredImage, removeStoredImage } from './storage';
