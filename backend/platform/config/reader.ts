import { ConfigError } from './errors';
import { SECRET_VARIABLES, type ConfigVariable } from './variables';

export type Env = Readonly<Record<string, string | undefined>>;

/** How a rejected value appears in an error: quoted, with secrets and URL passwords masked. */
export function describeValue(name: ConfigVariable, raw: string): string {
  if (!SECRET_VARIABLES.has(name)) return JSON.stringify(raw);
  const url = maskUrlCredentials(raw);
  return url ?? `a hidden value of ${raw.length} characters`;
}

function maskUrlCredentials(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!url.protocol || !url.host) return null;
  if (url.username) url.username = '***';
  if (url.password) url.password = '***';
  return JSON.stringify(url.toString());
}

/** Typed, validating access to the environment; an empty value counts as unset. */
export class EnvReader {
  constructor(private readonly env: Env) {}

  /** The trimmed value, or null when unset or empty. */
  optional(name: ConfigVariable): string | null {
    const value = this.env[name];
    if (value === undefined) return null;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }

  fail(name: ConfigVariable, expected: string, raw: string): never {
    throw new ConfigError(name, `${name} must be ${expected}, got ${describeValue(name, raw)}`);
  }

  integer(name: ConfigVariable, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      this.fail(name, `an integer from ${min} to ${max}`, raw);
    }
    return value;
  }

  oneOf<T extends string>(name: ConfigVariable, allowed: readonly T[], fallback: T): T {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) this.fail(name, `one of ${allowed.join(', ')}`, raw);
    return raw as T;
  }

  flag(name: ConfigVariable, fallback: boolean): boolean {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    if (raw !== '0' && raw !== '1') this.fail(name, '0 or 1', raw);
    return raw === '1';
  }

  /** An absolute URL with one of the given protocols (e.g. `['http:', 'https:']`). */
  url(name: ConfigVariable, protocols: readonly string[]): URL | null {
    const raw = this.optional(name);
    if (raw === null) return null;
    const expected = `a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return this.fail(name, expected, raw);
    }
    if (!protocols.includes(url.protocol) || !url.hostname) this.fail(name, expected, raw);
    return url;
  }

  /** A short identifier (ids of third-party widgets, key prefixes): letters, digits and `._:-`. */
  token(name: ConfigVariable, fallback: string | null, maxLength = 100): string | null {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    if (raw.length > maxLength || !/^[A-Za-z0-9._:-]+$/.test(raw)) {
      this.fail(name, `at most ${maxLength} letters, digits or the characters . _ : -`, raw);
    }
    return raw;
  }

  /** A secret string (reCAPTCHA keys): any printable characters without spaces. */
  secret(name: ConfigVariable): string | null {
    const raw = this.optional(name);
    if (raw === null) return null;
    if (!/^[\x21-\x7e]+$/.test(raw)) this.fail(name, 'printable ASCII characters without spaces', raw);
    return raw;
  }
}
