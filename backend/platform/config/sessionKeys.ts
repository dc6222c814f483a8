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
  if (raw !== null) return parseKeys(raw, null);
  if (env === 'production') {
    throw new ConfigError(
      'SESSION_KEYS',
      `SESSION_KEYS must be set in production: a comma-separated list of random keys of at least ${MIN_SESSION_KEY_LENGTH} characters`,
    );
  }
  return readOrCreateKeyFile(path.join(dataDir, SESSION_KEYS_FILE));
}

/** Keys from SESSION_KEYS (file = null) or from the generated key file (one per line). */
function parseKeys(raw: string, file: string | null): string[] {
  const keys = raw.split(/[,\n]/).map((key) => key.trim()).filter((key) => key !== '');
  const shortIndex = keys.findIndex((key) => key.length < MIN_SESSION_KEY_LENGTH);
  if (keys.length > 0 && shortIndex === -1) return keys;
  const detail = keys.length === 0 ? 'no key found' : `key ${shortIndex + 1} has ${keys[shortIndex].length} characters`;
  const subject = file === null ? 'SESSION_KEYS must be a comma-separated list of' : `SESSION_KEYS is unset and ${file} must hold`;
  throw new ConfigError('SESSION_KEYS', `${subject} keys of at least ${MIN_SESSION_KEY_LENGTH} characters each: ${detail}`);
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
