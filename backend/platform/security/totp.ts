import { generateSecret as otpGenerateSecret, generateSync, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of now (clock drift of the phone). */
export const TOTP_WINDOW_STEPS = 1;

/** A new random Base32 secret of 160 bits (RFC 4226's recommended length). */
export function generateSecret(): string {
  return otpGenerateSecret({ length: 20 });
}

/** The `otpauth://totp/<issuer>:<email>?secret=…&issuer=…` URI an authenticator app scans. */
export function otpauthUrl(secret: string, email: string, issuer: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The otpauth URI as a PNG data URL (`data:image/png;base64,…`) for an `<img>`. */
export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

export interface VerifyTotpOptions {
  /** The step of the last accepted code of this user (null before the first): it and older steps are refused. */
  lastUsedStep: number | null;
  /** Current time in ms (tests); defaults to now. */
  now?: number;
}

/**
 * Checks a 6-digit code against the current step ±1. Answers the matched step, which the caller
 * stores as the user's new `lastUsedStep` (atomically, `UPDATE … WHERE last_step < ?`), so a code
 * works only once and an older code never works after a newer one; null when the code is wrong,
 * malformed, outside the window or already used.
 */
export function verifyTotp(secret: string, code: string, options: VerifyTotpOptions): { step: number } | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor((options.now ?? Date.now()) / 1000);
  try {
    const result = verifySync({
      secret,
      token,
      epoch,
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
      ...(options.lastUsedStep === null ? {} : { afterTimeStep: options.lastUsedStep }),
    });
    if (!result.valid || !('timeStep' in result)) return null;
    return { step: result.timeStep };
  } catch {
    return null;
  }
}

/** The code of `secret` at `now` (ms): for tests and the set-up screen's self-check. */
export function totpCode(secret: string, now: number = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(now / 1000), period: TOTP_PERIOD_SECONDS });
}

/** The step number of a time (ms). */
export function totpStep(now: number = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}
