import path from 'node:path';
import type { EnvReader } from './reader';

export type DatabaseLocation =
  | { dialect: 'sqlite'; /** absolute file path, or `:memory:` */ storage: string }
  | { dialect: 'mysql'; url: URL };

const SQLITE_PREFIX = 'sqlite:';
const EXPECTED = 'sqlite:<file path> or mysql://user:password@host:3306/database';

/**
 * DATABASE_URL, validated and normalised: `sqlite:<absolute path>` (relative paths resolve
 * against the working directory; the default is `<dataDir>/app.sqlite`), `sqlite::memory:`,
 * or `mysql://…` (`mariadb://` is accepted as a synonym).
 */
export function resolveDatabaseUrl(reader: EnvReader, dataDir: string): string {
  const raw = reader.optional('DATABASE_URL');
  if (raw === null) return `${SQLITE_PREFIX}${path.join(dataDir, 'app.sqlite')}`;
  if (raw.startsWith(SQLITE_PREFIX)) {
    const file = raw.slice(SQLITE_PREFIX.length).replace(/^\/\/(?=\/)/, '');
    if (file === '' || file.startsWith('//')) reader.fail('DATABASE_URL', EXPECTED, raw);
    return file === ':memory:' ? raw : `${SQLITE_PREFIX}${path.resolve(file)}`;
  }
  const url = URL.canParse(raw) ? new URL(raw) : null;
  const database = url?.pathname.slice(1) ?? '';
  if (!url || !['mysql:', 'mariadb:'].includes(url.protocol) || !url.hostname || !database || database.includes('/')) {
    return reader.fail('DATABASE_URL', EXPECTED, raw);
  }
  url.protocol = 'mysql:';
  return url.toString();
}

/** Splits a normalised DATABASE_URL (as produced by resolveDatabaseUrl) into its dialect parts. */
export function parseDatabaseUrl(databaseUrl: string): DatabaseLocation {
  if (databaseUrl.startsWith(SQLITE_PREFIX)) {
    return { dialect: 'sqlite', storage: databaseUrl.slice(SQLITE_PREFIX.length) };
  }
  return { dialect: 'mysql', url: new URL(databaseUrl) };
}
