import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './errors';
import type { EnvReader } from './reader';

/** Shortest accepted session key: 32 characters (the generated ones carry 256 random bits). */
export const MIN_SESSION_KEY_LENGTH = 32;
/** File under DATA_DIR keeping the generated development keys across restarts. */
export const SESSION_KEYS_FILE = 'session-keys';

/**
 * SESSION_KEYS as a list (the first signs, all verify, so keys can rotate).
 * Required in production; in development and test, when unset, two random keys are generated
 * once and kept in `<dataDir>/session-keys` so sessions survive restarts.
 */
export function resolveSessionKeys(reader: EnvReader, env: string, dataDir: string): string[] {
  const raw = reader.optional('SESSION_KEYS');
  if (raw !== null) return parseKeys(raw, 'SESSION_KEYS');
  if (env === 'production') {
    throw new ConfigError(
      'SESSION_KEYS',
      `SESSION_KEYS must be set in production: a comma-separated list of random keys of at least ${MIN_SESSION_KEY_LENGTH} characters`,
    );
  }
  return readOrCreateKeyFile(path.join(dataDir, SESSION_KEYS_FILE));
}

function parseKeys(raw: string, source: string): string[] {
  const keys = raw.split(/[,\n]/).map((key) => key.trim()).filter((key) => key !== '');
  const shortIndex = keys.findIndex((key) => key.length < MIN_SESSION_KEY_LENGTH);
  if (keys.length === 0 || shortIndex !== -1) {
    const detail = keys.length === 0 ? 'no key found' : `key ${shortIndex + 1} has ${keys[shortIndex].length} characters`;
    throw new ConfigError(
      'SESSION_KEYS',
      `SESSION_KEYS (${source}) must be a comma-separated list of keys of at least ${MIN_SESSION_KEY_LENGTH} characters each: ${detail}`,
    );
  }
  return keys;
}

function readOrCreateKeyFile(file: string): string[] {
  try {
    return parseKeys(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = [randomKey(), randomKey()];
  mkdirSync(path.dirname(file), { recursive: true });
  // Write aside, then link into place: the link fails if a concurrent start got there first,
  // and a reader never sees a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${keys.join('\n')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseKeys(readFileSync(file, 'utf8'), file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

function randomKey(): string {
  return randomBytes(32).toString('base64url');
}
