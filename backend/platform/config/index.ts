import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAT_WIDGET_PROVIDERS, DEFAULT_CHAT_WIDGET_PROVIDER } from '../../../common/counters';
import { parseDatabaseUrl, resolveDatabaseUrl } from './databaseUrl';
import { ConfigError } from './errors';
import { EnvReader, type Env } from './reader';
import { resolveSessionKeys } from './sessionKeys';
import type { Config } from './types';
import type { ConfigVariable } from './variables';

export type { Config, Role } from './types';
export { ConfigError } from './errors';
export { CONFIG_VARIABLES, type ConfigVariable } from './variables';
export { parseDatabaseUrl, type DatabaseLocation } from './databaseUrl';

/**
 * The repository (or image) root: the nearest folder above this file with a package.json. Three
 * levels up from the sources, five from the compiled `build/server/backend/platform/config/index.js`.
 */
export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(dir: string): string {
  if (existsSync(path.join(dir, 'package.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('no package.json above backend/platform/config');
  return findRoot(parent);
}

export const DEFAULT_SUPPORT_URL = 'https://t.me/exchanger_support';
export const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const DEFAULT_REDIS_PREFIX = 'exch:';

const ENVS = ['development', 'production', 'test'] as const;
const ROLES = ['all', 'web', 'worker'] as const;
const RATE_SOURCES = ['simulated', 'live'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const HTTP = ['http:', 'https:'] as const;
/** Shortest accepted METRICS_TOKEN (a random one of 32 bytes is 43–64 characters). */
export const MIN_METRICS_TOKEN_LENGTH = 32;
export const DEFAULT_METRICS_HOST = '127.0.0.1';
const MAIL_FROM_RE = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

/**
 * Reads and validates the configuration. A bad value throws ConfigError naming the variable
 * and what it expects (secrets are never echoed). In development and test, when SESSION_KEYS is
 * unset, generated keys are kept in `<DATA_DIR>/session-keys` (the only side effect).
 */
export function loadConfig(env: Env = process.env): Config {
  const reader = new EnvReader(env);
  const nodeEnv = reader.oneOf('NODE_ENV', ENVS, 'development');
  const port = reader.integer('PORT', 3000, 0, 65535);
  const publicUrl = resolvePublicUrl(reader, port);
  const dataDir = path.resolve(reader.optional('DATA_DIR') ?? 'data');
  const recaptchaV2 = recaptchaPair(reader, 'RECAPTCHA_V2_SITE_KEY', 'RECAPTCHA_V2_SECRET');
  const recaptchaV3 = recaptchaPair(reader, 'RECAPTCHA_V3_SITE_KEY', 'RECAPTCHA_V3_SECRET');

  return {
    env: nodeEnv,
    port,
    publicUrl,
    role: reader.oneOf('ROLE', ROLES, 'all'),
    dataDir,
    databaseUrl: resolveDatabaseUrl(reader, dataDir),
    redisUrl: reader.url('REDIS_URL', ['redis:', 'rediss:'])?.toString() ?? null,
    sessionKeys: resolveSessionKeys(reader, nodeEnv, dataDir),
    smtpUrl: reader.url('SMTP_URL', ['smtp:', 'smtps:'])?.toString() ?? null,
    mailFrom: resolveMailFrom(reader, publicUrl),
    outboxDir: path.join(dataDir, 'outbox'),
    recaptcha: {
      v2SiteKey: recaptchaV2.siteKey,
      v2Secret: recaptchaV2.secret,
      v3SiteKey: recaptchaV3.siteKey,
      v3Secret: recaptchaV3.secret,
      verifyUrl: reader.url('RECAPTCHA_VERIFY_URL', HTTP)?.toString() ?? DEFAULT_RECAPTCHA_VERIFY_URL,
    },
    ratesSource: reader.oneOf('RATES_SOURCE', RATE_SOURCES, 'simulated'),
    uploadDir: path.resolve(reader.optional('UPLOAD_DIR') ?? path.join(dataDir, 'uploads')),
    kycRetentionDays: reader.integer('KYC_RETENTION_DAYS', 365, 1, 36_500),
    supportUrl: reader.url('SUPPORT_URL', HTTP)?.toString() ?? DEFAULT_SUPPORT_URL,
    supportEmail: resolveSupportEmail(reader),
    analyticsId: reader.token('ANALYTICS_ID', null),
    chatWidgetId: reader.token('CHAT_WIDGET_ID', null),
    chatWidgetProvider: reader.oneOf('CHAT_WIDGET_PROVIDER', CHAT_WIDGET_PROVIDERS, DEFAULT_CHAT_WIDGET_PROVIDER),
    maintenance: reader.flag('MAINTENANCE', false),
    webhooksAllowPrivate: reader.flag('WEBHOOKS_ALLOW_PRIVATE', false),
    metrics: resolveMetrics(reader, port),
    logLevel: reader.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: resolveTrustProxy(reader, nodeEnv, publicUrl),
    staticDir: path.resolve(reader.optional('STATIC_DIR') ?? path.join(REPO_ROOT, 'frontend', 'dist')),
    redisPrefix: reader.token('REDIS_PREFIX', DEFAULT_REDIS_PREFIX, 64) ?? DEFAULT_REDIS_PREFIX,
    alerts: resolveAlerts(reader),
  };
}

export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';

/** Telegram alerts: both the bot token and the chat, or neither (one without the other is a mistake). */
function resolveAlerts(reader: EnvReader): Config['alerts'] {
  const lang = reader.oneOf('ALERT_LANG', ['ru', 'en'] as const, 'ru');
  const botToken = reader.optional('TELEGRAM_BOT_TOKEN');
  const chatId = reader.optional('TELEGRAM_CHAT_ID');
  const apiUrl = (reader.url('TELEGRAM_API_URL', HTTP)?.toString() ?? DEFAULT_TELEGRAM_API_URL).replace(/\/+$/, '');
  if (botToken === null && chatId === null) return { telegram: null, lang };
  if (botToken === null) return reader.fail('TELEGRAM_BOT_TOKEN', 'a bot token (set together with TELEGRAM_CHAT_ID)', '');
  if (!/^\d+:[A-Za-z0-9_-]+$/.test(botToken)) reader.fail('TELEGRAM_BOT_TOKEN', 'a bot token like 123456:ABC-DEF…', botToken);
  if (chatId === null) return reader.fail('TELEGRAM_CHAT_ID', 'a chat id (set together with TELEGRAM_BOT_TOKEN)', '');
  if (!/^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/.test(chatId)) reader.fail('TELEGRAM_CHAT_ID', 'a numeric chat id or @channelname', chatId);
  return { telegram: { botToken, chatId, apiUrl }, lang };
}

/** Creates the directories the configuration points at: data, uploads, outbox, SQLite file's folder. */
export function ensureDataDirs(config: Config): void {
  const dirs = [config.dataDir, config.uploadDir];
  if (config.smtpUrl === null) dirs.push(config.outboxDir);
  const database = parseDatabaseUrl(config.databaseUrl);
  if (database.dialect === 'sqlite' && database.storage !== ':memory:') dirs.push(path.dirname(database.storage));
  for (const dir of dirs) mkdirSync(dir, { recursive: true });
}

function resolvePublicUrl(reader: EnvReader, port: number): string {
  const url = reader.url('PUBLIC_URL', HTTP);
  if (url === null) return `http://localhost:${port}`;
  if (url.search || url.hash || url.username || url.password) {
    reader.fail('PUBLIC_URL', 'an http(s) URL without credentials, query or fragment', url.toString());
  }
  return url.toString().replace(/\/+$/, '');
}

/**
 * This server speaks plain HTTP, so an https PUBLIC_URL means a TLS proxy in front of it. In
 * production the proxy must be trusted: its X-Forwarded-Proto tells which requests came over
 * https (the session cookie is Secure) and its X-Forwarded-For the client's IP (rate limits).
 */
function resolveTrustProxy(reader: EnvReader, nodeEnv: Config['env'], publicUrl: string): boolean {
  const trustProxy = reader.flag('TRUST_PROXY', false);
  if (nodeEnv === 'production' && !trustProxy && new URL(publicUrl).protocol === 'https:') {
    throw new ConfigError(
      'TRUST_PROXY',
      'TRUST_PROXY must be 1 when PUBLIC_URL is https in production: this server speaks plain HTTP behind your TLS proxy, ' +
        'which must set X-Forwarded-Proto and X-Forwarded-For (set TRUST_PROXY=1, or use an http PUBLIC_URL)',
    );
  }
  return trustProxy;
}

const SUPPORT_EMAIL_RE = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** Where the contacts form's messages are mailed: one plain address, or none (stored only). */
function resolveSupportEmail(reader: EnvReader): string | null {
  const raw = reader.optional('SUPPORT_EMAIL');
  if (raw === null) return null;
  if (raw.length > 254 || !SUPPORT_EMAIL_RE.test(raw)) reader.fail('SUPPORT_EMAIL', 'one address like support@example.com', raw);
  return raw;
}

function resolveMailFrom(reader: EnvReader, publicUrl: string): string {
  const raw = reader.optional('MAIL_FROM');
  if (raw === null) return `Exchanger <no-reply@${new URL(publicUrl).hostname}>`;
  if (!MAIL_FROM_RE.test(raw)) reader.fail('MAIL_FROM', 'an address like "Name <user@example.com>" or user@example.com', raw);
  return raw;
}

function resolveMetrics(reader: EnvReader, port: number): Config['metrics'] {
  const metricsPort = reader.optional('METRICS_PORT') === null ? null : reader.integer('METRICS_PORT', 0, 0, 65535);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError('METRICS_PORT', `METRICS_PORT must differ from PORT (${port}): metrics get a listener of their own`);
  }
  const host = reader.token('METRICS_HOST', null, 253);
  if (host !== null && metricsPort === null) {
    throw new ConfigError('METRICS_HOST', 'METRICS_HOST is set but METRICS_PORT is not: set the port of the metrics listener too');
  }
  const token = reader.secret('METRICS_TOKEN');
  if (token !== null && token.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new ConfigError('METRICS_TOKEN', `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters, got ${token.length}`);
  }
  return { port: metricsPort, host: host ?? DEFAULT_METRICS_HOST, token };
}

function recaptchaPair(
  reader: EnvReader,
  siteKeyName: ConfigVariable,
  secretName: ConfigVariable,
): { siteKey: string | null; secret: string | null } {
  const siteKey = reader.token(siteKeyName, null, 200);
  const secret = reader.secret(secretName);
  if ((siteKey === null) !== (secret === null)) {
    const [missing, present] = siteKey === null ? [siteKeyName, secretName] : [secretName, siteKeyName];
    throw new ConfigError(missing, `${missing} must be set when ${present} is set (leave both unset to turn this captcha off)`);
  }
  return { siteKey, secret };
}
