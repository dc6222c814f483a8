import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { Config } from './config/types';
import { redactDeep } from './redact';

export type Logger = PinoLogger;

/** Field names whose values never reach the logs, at any of the first three levels of nesting. */
export const REDACTED_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'newPassword',
  'currentPassword',
  'secret',
  'apiSecret',
  'token',
  'sessionKeys',
] as const;

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const field of REDACTED_FIELDS) {
    const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
    const join = (prefix: string) => (key.startsWith('[') ? `${prefix}${key}` : `${prefix}.${key}`);
    paths.push(key, join('*'), join('*.*'));
  }
  return paths;
}

/**
 * The application logger: JSON lines (stdout unless another destination is given) with
 * authorization headers, cookies, passwords, secrets and tokens redacted, and every error report
 * (`{ err }`) cleared of capability secrets in URLs it may quote (platform/redact.ts).
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'role'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    base: { pid: process.pid, role: config.role },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redactPaths(), censor: '[redacted]' },
    serializers: { err: (error: Error) => redactDeep(pino.stdSerializers.err(error)) },
  };
  return destination ? pino(options, destination) : pino(options);
}
