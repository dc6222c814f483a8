import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (TOTP secrets, partner API secrets) sealed with AES-256-GCM.
 *
 * Format: `v1.<base64url(iv[12] | tag[16] | ciphertext)>`. The version prefix lets a later format
 * (another cipher, key id) coexist with old rows. The key is derived with HKDF-SHA256 from the
 * configured secret (SESSION_KEYS, see `appSecretKeys`), so the raw configured value is never used
 * as a cipher key and other uses of the same secret get unrelated keys. An optional `context`
 * (e.g. `user:42:totp`) is bound as additional authenticated data: a sealed value copied to
 * another row does not open there.
 */
export const SECRET_BOX_VERSION = 'v1';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = Buffer.from('exchanger/secretBox', 'utf8');
const HKDF_INFO = Buffer.from('aes-256-gcm v1', 'utf8');

export type KeyMaterial = string | Buffer;

export interface SealOptions {
  /** Bound as additional authenticated data; the same value must be given to open. */
  context?: string;
}

/** Thrown when a sealed value is malformed, tampered with, or sealed under another key/context. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

const keyCache = new Map<string, Buffer>();

function deriveKey(keyMaterial: KeyMaterial): Buffer {
  const material = typeof keyMaterial === 'string' ? Buffer.from(keyMaterial, 'utf8') : keyMaterial;
  if (material.length === 0) throw new SecretBoxError('empty key material');
  const cacheKey = material.toString('base64');
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', material, HKDF_SALT, HKDF_INFO, 32));
    keyCache.set(cacheKey, key);
  }
  return key;
}

/** Encrypts `plaintext` under a key derived from `keyMaterial`; a fresh random IV every call. */
export function seal(plaintext: string, keyMaterial: KeyMaterial, options: SealOptions = {}): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(keyMaterial), iv);
  if (options.context !== undefined) cipher.setAAD(Buffer.from(options.context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${SECRET_BOX_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** Decrypts a value made by seal; throws SecretBoxError when it does not authenticate. */
export function open(sealed: string, keyMaterial: KeyMaterial, options: SealOptions = {}): string {
  const dot = sealed.indexOf('.');
  const version = dot < 0 ? '' : sealed.slice(0, dot);
  if (version !== SECRET_BOX_VERSION) throw new SecretBoxError(`unknown sealed format "${version}"`);
  const raw = Buffer.from(sealed.slice(dot + 1), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(keyMaterial), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  if (options.context !== undefined) decipher.setAAD(Buffer.from(options.context, 'utf8'));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('sealed value does not authenticate (tampered, or another key or context)');
  }
}

/**
 * Opens with the first key that authenticates, for key rotation: seal with `keys[0]`, keep older
 * keys in the list until every row is resealed. `rotated` is true when an older key opened it
 * (the caller should seal it again with `keys[0]`).
 */
export function openWithAny(
  sealed: string,
  keys: readonly KeyMaterial[],
  options: SealOptions = {},
): { plaintext: string; rotated: boolean } {
  for (const [index, key] of keys.entries()) {
    try {
      return { plaintext: open(sealed, key, options), rotated: index > 0 };
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      if (error.message.startsWith('unknown sealed format') || error.message.includes('too short')) throw error;
    }
  }
  throw new SecretBoxError('sealed value does not authenticate under any configured key');
}

/**
 * The key material the app seals with: SESSION_KEYS (already a required, rotatable secret list,
 * newest first). Seal with `[0]`, open with openWithAny over all of them.
 */
export function appSecretKeys(config: { sessionKeys: readonly string[] }): readonly string[] {
  return config.sessionKeys;
}
