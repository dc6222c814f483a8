import { ServiceUnavailableError } from '../errors';
import type { Logger } from '../logger';
import type { Config } from '../config/types';
import { CaptchaFailedError } from './errors';

/** reCAPTCHA v3 scores run from 0.0 (bot) to 1.0 (human); Google's suggested cut-off. */
export const V3_MIN_SCORE = 0.5;
export const VERIFY_TIMEOUT_MS = 5000;

export type CaptchaVersion = 'v2' | 'v3';

export interface CaptchaVerifyOptions {
  /** The client's address, sent as `remoteip`. */
  ip: string;
  /** v3: the action the page executed (`grecaptcha.execute(key, { action })`); must match. */
  action?: string;
  /** Which key pair checks the token; by default v3 when an action is given and v3 is configured, else v2, else v3. */
  version?: CaptchaVersion;
}

export interface CaptchaVerifier {
  /** True when at least one key pair is configured; false means verify always resolves. */
  readonly enabled: boolean;
  /** Public site keys for the browser (null when that version is off). */
  readonly siteKeys: { v2: string | null; v3: string | null };
  /**
   * Resolves when the token is valid. Throws CaptchaFailedError (400 `captcha_failed`) for a
   * missing, wrong, expired, reused, low-score, wrong-action or foreign-host token, and
   * ServiceUnavailableError (503) when siteverify does not answer in time (fail closed).
   */
  verify(token: string | null | undefined, options: CaptchaVerifyOptions): Promise<void>;
}

export interface CaptchaVerifierOptions {
  logger?: Logger;
  timeoutMs?: number;
  /** The hostname the token must have been solved on; PUBLIC_URL's hostname by default. */
  hostname?: string;
}

/** The siteverify answer (https://developers.google.com/recaptcha/docs/verify). */
interface SiteverifyResponse {
  success?: boolean;
  challenge_ts?: string;
  hostname?: string;
  apk_package_name?: string;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

/** reCAPTCHA v2 and/or v3 from RECAPTCHA_* keys; without keys the captcha is off. */
export function createCaptchaVerifier(
  config: Pick<Config, 'recaptcha' | 'publicUrl'>,
  options: CaptchaVerifierOptions = {},
): CaptchaVerifier {
  const { recaptcha } = config;
  const secrets: Record<CaptchaVersion, string | null> = {
    v2: recaptcha.v2SiteKey && recaptcha.v2Secret ? recaptcha.v2Secret : null,
    v3: recaptcha.v3SiteKey && recaptcha.v3Secret ? recaptcha.v3Secret : null,
  };
  const siteKeys = { v2: secrets.v2 ? recaptcha.v2SiteKey : null, v3: secrets.v3 ? recaptcha.v3SiteKey : null };
  const enabled = secrets.v2 !== null || secrets.v3 !== null;
  const expectedHostname = options.hostname ?? new URL(config.publicUrl).hostname;
  const timeoutMs = options.timeoutMs ?? VERIFY_TIMEOUT_MS;

  function pickVersion(verifyOptions: CaptchaVerifyOptions): CaptchaVersion {
    if (verifyOptions.version) return verifyOptions.version;
    if (verifyOptions.action !== undefined && secrets.v3) return 'v3';
    return secrets.v2 ? 'v2' : 'v3';
  }

  async function siteverify(secret: string, token: string, ip: string): Promise<SiteverifyResponse> {
    const body = new URLSearchParams({ secret, response: token, remoteip: ip });
    let response: Response;
    try {
      response = await fetch(recaptcha.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      options.logger?.warn({ err: error }, 'reCAPTCHA siteverify did not answer');
      throw new ServiceUnavailableError(undefined, { cause: error });
    }
    if (!response.ok) {
      options.logger?.warn({ status: response.status }, 'reCAPTCHA siteverify answered an HTTP error');
      throw new ServiceUnavailableError();
    }
    try {
      return (await response.json()) as SiteverifyResponse;
    } catch (error) {
      options.logger?.warn({ err: error }, 'reCAPTCHA siteverify answered something other than JSON');
      throw new ServiceUnavailableError(undefined, { cause: error });
    }
  }

  return {
    enabled,
    siteKeys,
    async verify(token, verifyOptions) {
      if (!enabled) return;
      const version = pickVersion(verifyOptions);
      const secret = secrets[version];
      if (!secret) throw new CaptchaFailedError(`${version} is not configured`);
      if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
        throw new CaptchaFailedError('missing-input-response');
      }
      const answer = await siteverify(secret, token, verifyOptions.ip);
      const errorCodes = answer['error-codes'] ?? [];
      if (errorCodes.some((code) => code.includes('secret'))) {
        options.logger?.error({ errorCodes, version }, 'reCAPTCHA rejected our secret key: check RECAPTCHA_*_SECRET');
      }
      if (answer.success !== true) throw new CaptchaFailedError(errorCodes.join(',') || 'unsuccessful');
      if (answer.hostname !== undefined && answer.hostname !== expectedHostname) {
        throw new CaptchaFailedError(`hostname ${answer.hostname}`);
      }
      if (version === 'v3') {
        if (typeof answer.score !== 'number' || answer.score < V3_MIN_SCORE) {
          throw new CaptchaFailedError(`score ${String(answer.score)}`);
        }
        if (verifyOptions.action !== undefined && answer.action !== verifyOptions.action) {
          throw new CaptchaFailedError(`action ${String(answer.action)}`);
        }
      }
    },
  };
}
