import type { UPLOAD_ACCEPT } from '../../common/orders';

/** Which file an upload is (an order's card photo or receipt, a KYC file, a blog cover — the only public one): its folder under the upload directory. */
export type UploadKind = 'card' | 'receipt' | 'kyc' | 'blog';
export const UPLOAD_KINDS: readonly UploadKind[] = ['card', 'receipt', 'kyc', 'blog'];

/** The temporary file `receiveSingleFile` streamed a request's `file` field into. */
export interface ReceivedFile {
  filepath: string;
  size: number;
}

export type ImageMime = (typeof UPLOAD_ACCEPT)[number];

/** An image as stored: re-encoded, without metadata, under `uploadDir/<key>`. */
export interface StoredImage {
  /** `<kind>/<32 hex>.<jpg|png|webp>`: the only thing to keep in the database. */
  key: string;
  mime: ImageMime;
  width: number;
  height: number;
  /** Size of the stored (re-encoded) file. */
  bytes: number;
  /** SHA-256 (hex) of the stored file's bytes. */
  sha256: string;
}
