import { randomBytes } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

/**
 * OWASP's argon2id parameters (m=19 MiB, t=2, p=1): about 44 ms per hash on this machine
 * (docs/../shared/reference/security.md). The parameters are stored inside each hash, so raising
 * them later keeps old hashes verifiable; `needsRehash` tells when to upgrade one at sign-in.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) of the whole password, untruncated. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `hash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when the hash was made with weaker parameters than ARGON2_OPTIONS. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as verifyPassword against a real hash, for sign-in with an unknown email:
 * the answer then takes as long as for a known email with a wrong password. Always false.
 */
export async function dummyVerify(password = ''): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * zxcvbn's ranked list of common passwords from public breach corpora, whole (49,233 entries, a
 * few ms to build): the strength rule (8+ characters, upper case, digit, symbol) already refuses
 * the short and plain entries, so what this check adds lives in the long tail (`p@ssw0rd`,
 * `!qaz2wsx`, `pa$$w0rd`), and cutting the list to a top N would drop it.
 */
const COMMON: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** How many distinct passwords the check knows. */
export const COMMON_PASSWORD_COUNT = COMMON.size;

/** True for one of the most common passwords (case-insensitive, surrounding spaces ignored). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}
