import type { ChatWidgetProvider } from '../../../common/counters';
/** The validated configuration (ARCHITECTURE §3 "Environment"). Built by loadConfig(env). */
export type Role = 'all' | 'web' | 'worker';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  publicUrl: string; // no trailing slash, e.g. http://localhost:3000
  role: Role;
  dataDir: string; // absolute
  databaseUrl: string; // sqlite:<abs path> or mysql://...
  redisUrl: string | null;
  sessionKeys: string[];
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string; // absolute, <dataDir>/outbox unless SMTP
  recaptcha: {
    v2SiteKey: string | null;
    v2Secret: string | null;
    v3SiteKey: string | null;
    v3Secret: string | null;
    verifyUrl: string;
  };
  ratesSource: 'simulated' | 'live';
  uploadDir: string; // absolute
  /** Days a decided KYC submission's files are kept; then the worker deletes them (the decision stays). */
  kycRetentionDays: number;
  supportUrl: string;
  /** Where the contacts form's messages are mailed (SUPPORT_EMAIL); null: stored for the console only. */
  supportEmail: string | null;
  analyticsId: string | null;
  chatWidgetId: string | null;
  /** Which chat widget CHAT_WIDGET_ID belongs to (CHAT_WIDGET_PROVIDER, JivoChat by default). */
  chatWidgetProvider: ChatWidgetProvider;
  maintenance: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE=1: partner callback URLs may resolve to private/loopback addresses (tests only). */
  webhooksAllowPrivate: boolean;
  /**
   * Who may read GET /metrics: a listener of its own (`port`, null = none, on `host`), and on the
   * public port only a request carrying `Authorization: Bearer <token>` (token null = never there).
   */
  metrics: {
    port: number | null;
    host: string;
    token: string | null;
  };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Trust X-Forwarded-* only behind a configured proxy. */
  trustProxy: boolean;
  /** Directory with the built SPA (index.html, assets/, builds/). */
  staticDir: string;
  /** Prefix for every Redis key and channel (lets test runs share one Redis). */
  redisPrefix: string;
  /**
   * Staff alerts (backend/alerts/): sent to one Telegram chat through the Bot API when both
   * TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set (`telegram` null = no alert is written at all),
   * in ALERT_LANG (ru by default). The token is a secret: never logged, never stored in a row.
   */
  alerts: {
    telegram: { botToken: string; chatId: string; apiUrl: string } | null;
    lang: 'ru' | 'en';
  };
}
