/** Every environment variable the configuration reads (ARCHITECTURE §3 "Environment"). */
export const CONFIG_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'PUBLIC_URL',
  'ROLE',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'SESSION_KEYS',
  'SMTP_URL',
  'MAIL_FROM',
  'RECAPTCHA_V2_SITE_KEY',
  'RECAPTCHA_V2_SECRET',
  'RECAPTCHA_V3_SITE_KEY',
  'RECAPTCHA_V3_SECRET',
  'RECAPTCHA_VERIFY_URL',
  'RATES_SOURCE',
  'UPLOAD_DIR',
  'SUPPORT_URL',
  'ANALYTICS_ID',
  'CHAT_WIDGET_ID',
  'MAINTENANCE',
  'METRICS_PORT',
  'METRICS_HOST',
  'METRICS_TOKEN',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'STATIC_DIR',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_CHAT_ID',
  'TELEGRAM_API_URL',
  'ALERT_LANG',
] as const;

export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

/** Variables whose values are secrets (or may embed one): never echoed in errors or logs. */
export const SECRET_VARIABLES: ReadonlySet<ConfigVariable> = new Set<ConfigVariable>([
  'DATABASE_URL',
  'REDIS_URL',
  'SESSION_KEYS',
  'SMTP_URL',
  'RECAPTCHA_V2_SECRET',
  'RECAPTCHA_V3_SECRET',
  'METRICS_TOKEN',
  'TELEGRAM_BOT_TOKEN',
]);
