import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_VARIABLES, ConfigError, ensureDataDirs, loadConfig, REPO_ROOT } from './index';

describe('loadConfig', () => {
  let dataDir: string;
  /** A test environment whose data folder is a fresh temporary directory. */
  let env: Record<string, string>;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'exch-config-'));
    env = { NODE_ENV: 'test', DATA_DIR: dataDir };
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  function errorFor(overrides: Record<string, string>): ConfigError {
    try {
      loadConfig({ ...env, ...overrides });
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(overrides)}`);
  }

  describe('telegram alerts', () => {
    const token = '7093318532:AAH1b2C3d4E5f6G7h8I9j0KkLlMmNnOoPpQ';

    it('are off without a token and chat, in Russian by default', () => {
      expect(loadConfig(env).alerts).to.deep.equal({ telegram: null, lang: 'ru' });
    });

    it('take the token, the chat, the API URL (Telegram by default) and ALERT_LANG', () => {
      expect(loadConfig({ ...env, TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: '-1001234567890', ALERT_LANG: 'en' }).alerts).to.deep.equal({
        telegram: { botToken: token, chatId: '-1001234567890', apiUrl: 'https://api.telegram.org' },
        lang: 'en',
      });
      const local = loadConfig({ ...env, TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: '@exchanger_ops', TELEGRAM_API_URL: 'http://127.0.0.1:9/' });
      expect(local.alerts.telegram?.apiUrl).to.equal('http://127.0.0.1:9');
    });

    it('refuse one without the other and a malformed token, never echoing the token', () => {
      expect(errorFor({ TELEGRAM_BOT_TOKEN: token }).variable).to.equal('TELEGRAM_CHAT_ID');
      expect(errorFor({ TELEGRAM_CHAT_ID: '12345' }).variable).to.equal('TELEGRAM_BOT_TOKEN');
      const bad = errorFor({ TELEGRAM_BOT_TOKEN: 'not a token secretvalue', TELEGRAM_CHAT_ID: '12345' });
      expect(bad.variable).to.equal('TELEGRAM_BOT_TOKEN');
      expect(bad.message).not.to.include('secretvalue');
      expect(errorFor({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: 'chat' }).variable).to.equal('TELEGRAM_CHAT_ID');
    });

  describe('defaults', () => {
    it('serves on port 3000 at http://localhost:3000 in the all role', () => {
      const config = loadConfig(env);
      expect(config).to.include({ port: 3000, publicUrl: 'http://localhost:3000', role: 'all', env: 'test' });
    });

    it('derives PUBLIC_URL from PORT when only PORT is set', () => {
      expect(loadConfig({ ...env, PORT: '8080' }).publicUrl).to.equal('http://localhost:8080');
    });

    it('resolves DATA_DIR against the working directory', () => {
      const config = loadConfig({ NODE_ENV: 'test', SESSION_KEYS: 'k'.repeat(32) });
      expect(config.dataDir).to.equal(path.resolve('data'));
    });

    it('keeps the SQLite file, uploads and outbox under DATA_DIR', () => {
      const config = loadConfig(env);
      expect(config.databaseUrl).to.equal(`sqlite:${path.join(dataDir, 'app.sqlite')}`);
      expect(config.uploadDir).to.equal(path.join(dataDir, 'uploads'));
      expect(config.outboxDir).to.equal(path.join(dataDir, 'outbox'));
    });

    it('runs without Redis, SMTP, captcha, analytics or chat widget', () => {
      const config = loadConfig(env);
      expect(config.redisUrl).to.equal(null);
      expect(config.smtpUrl).to.equal(null);
      expect(config.recaptcha).to.deep.equal({
        v2SiteKey: null,
        v2Secret: null,
        v3SiteKey: null,
        v3Secret: null,
        verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      });
      expect(config.analyticsId).to.equal(null);
      expect(config.chatWidgetId).to.equal(null);
    });

    it('mails the contacts form nowhere unless SUPPORT_EMAIL names an address', () => {
      expect(loadConfig(env).supportEmail).to.equal(null);
      expect(loadConfig({ ...env, SUPPORT_EMAIL: 'support@example.com' }).supportEmail).to.equal('support@example.com');
    });

    it('keeps KYC files 365 days unless KYC_RETENTION_DAYS says otherwise', () => {
      expect(loadConfig(env).kycRetentionDays).to.equal(365);
      expect(loadConfig({ ...env, KYC_RETENTION_DAYS: '30' }).kycRetentionDays).to.equal(30);
    });

    it('uses the simulated rate feed, the default messenger link and no maintenance', () => {
      const config = loadConfig(env);
      expect(config).to.include({ ratesSource: 'simulated', supportUrl: 'https://t.me/exchanger_support', maintenance: false });
    });

    it('does not trust proxy headers, prefixes Redis keys with exch: and serves frontend/dist', () => {
      const config = loadConfig(env);
      expect(config).to.include({ trustProxy: false, redisPrefix: 'exch:' });
      expect(config.staticDir).to.equal(path.join(REPO_ROOT, 'frontend', 'dist'));
    });

    it('logs at info outside tests and stays silent in tests', () => {
      expect(loadConfig(env).logLevel).to.equal('silent');
      expect(loadConfig({ ...env, NODE_ENV: 'development' }).logLevel).to.equal('info');
    });

    it('sends mail from no-reply at the public host', () => {
      expect(loadConfig({ ...env, PUBLIC_URL: 'https://exchange.example' }).mailFrom).to.equal(
        'Exchanger <no-reply@exchange.example>',
      );
    });

    it('treats an empty value as unset', () => {
      expect(loadConfig({ ...env, PORT: '', REDIS_URL: ' ' })).to.include({ port: 3000, redisUrl: null });
    });
  });

  describe('accepted values', () => {
    it('drops the trailing slash of PUBLIC_URL', () => {
      expect(loadConfig({ ...env, PUBLIC_URL: 'https://exchange.example/' }).publicUrl).to.equal('https://exchange.example');
    });

    it('normalises a relative SQLite path to an absolute one', () => {
      const config = loadConfig({ ...env, DATABASE_URL: 'sqlite:var/db.sqlite' });
      expect(config.databaseUrl).to.equal(`sqlite:${path.resolve('var/db.sqlite')}`);
    });

    it('reads mariadb:// as mysql://', () => {
      const config = loadConfig({ ...env, DATABASE_URL: 'mariadb://app:pw@db:3306/exchanger' });
      expect(config.databaseUrl).to.equal('mysql://app:pw@db:3306/exchanger');
    });

    it('splits SESSION_KEYS on commas', () => {
      const keys = ['a'.repeat(32), 'b'.repeat(40)];
      expect(loadConfig({ ...env, SESSION_KEYS: keys.join(', ') }).sessionKeys).to.deep.equal(keys);
    });

    it('turns a captcha on when both of its keys are set', () => {
      const config = loadConfig({ ...env, RECAPTCHA_V3_SITE_KEY: 'site-key', RECAPTCHA_V3_SECRET: 'secret-value' });
      expect(config.recaptcha).to.include({ v3SiteKey: 'site-key', v3Secret: 'secret-value', v2SiteKey: null });
    });

    it('serves metrics nowhere unless METRICS_PORT or METRICS_TOKEN says where', () => {
      expect(loadConfig(env).metrics).to.deep.equal({ port: null, host: '127.0.0.1', token: null });
      const token = 't'.repeat(40);
      const config = loadConfig({ ...env, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: token });
      expect(config.metrics).to.deep.equal({ port: 9464, host: '10.0.0.5', token });
    });

    it('reads the 0|1 flags', () => {
      expect(loadConfig({ ...env, MAINTENANCE: '1', TRUST_PROXY: '1' })).to.include({ maintenance: true, trustProxy: true });
    });
  });

  describe('rejected values', () => {
    const cases: [string, string, string][] = [
      ['PORT', 'abc', 'PORT must be an integer from 0 to 65535, got "abc"'],
      ['PORT', '70000', 'PORT must be an integer from 0 to 65535, got "70000"'],
      ['PORT', '-1', 'PORT must be an integer from 0 to 65535, got "-1"'],
      ['NODE_ENV', 'staging', 'NODE_ENV must be one of development, production, test, got "staging"'],
      ['ROLE', 'api', 'ROLE must be one of all, web, worker, got "api"'],
      ['RATES_SOURCE', 'random', 'RATES_SOURCE must be one of simulated, live, got "random"'],
      ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"'],
      ['MAINTENANCE', 'yes', 'MAINTENANCE must be 0 or 1, got "yes"'],
      ['TRUST_PROXY', 'true', 'TRUST_PROXY must be 0 or 1, got "true"'],
      ['PUBLIC_URL', 'localhost:3000', 'PUBLIC_URL must be a URL starting with http:// or https://, got "localhost:3000"'],
      ['PUBLIC_URL', 'https://x.example/?a=1', 'PUBLIC_URL must be an http(s) URL without credentials, query or fragment'],
      ['SUPPORT_URL', 'javascript:alert(1)', 'SUPPORT_URL must be a URL starting with http:// or https://, got "javascript:alert(1)"'],
      ['SUPPORT_EMAIL', 'not an address', 'SUPPORT_EMAIL must be one address like support@example.com, got "not an address"'],
      ['RECAPTCHA_VERIFY_URL', 'ftp://x', 'RECAPTCHA_VERIFY_URL must be a URL starting with http:// or https://'],
      ['DATABASE_URL', 'postgres://db/app', 'DATABASE_URL must be sqlite:<file path> or mysql://user:password@host:3306/database'],
      ['DATABASE_URL', 'mysql://db:3306', 'DATABASE_URL must be sqlite:<file path> or mysql://'],
      ['DATABASE_URL', 'sqlite:', 'DATABASE_URL must be sqlite:<file path>'],
      ['REDIS_URL', 'localhost:6379', 'REDIS_URL must be a URL starting with redis:// or rediss://'],
      ['SMTP_URL', 'http://mail', 'SMTP_URL must be a URL starting with smtp:// or smtps://'],
      ['MAIL_FROM', 'not an address', 'MAIL_FROM must be an address like "Name <user@example.com>" or user@example.com, got "not an address"'],
      ['ANALYTICS_ID', '<script>', 'ANALYTICS_ID must be at most 100 letters, digits or the characters . _ : -, got "<script>"'],
      ['CHAT_WIDGET_ID', 'a b', 'CHAT_WIDGET_ID must be at most 100 letters, digits'],
      ['REDIS_PREFIX', 'my prefix', 'REDIS_PREFIX must be at most 64 letters, digits'],
      ['SESSION_KEYS', 'short', 'SESSION_KEYS must be a comma-separated list of keys of at least 32 characters each: key 1 has 5 characters'],
      ['RECAPTCHA_V2_SITE_KEY', 'site-key', 'RECAPTCHA_V2_SECRET must be set when RECAPTCHA_V2_SITE_KEY is set'],
      ['RECAPTCHA_V3_SECRET', 'secret-value', 'RECAPTCHA_V3_SITE_KEY must be set when RECAPTCHA_V3_SECRET is set'],
      ['RECAPTCHA_V2_SECRET', 'has space', 'RECAPTCHA_V2_SECRET must be printable ASCII characters without spaces'],
      ['METRICS_PORT', '99999', 'METRICS_PORT must be an integer from 0 to 65535, got "99999"'],
      ['KYC_RETENTION_DAYS', '0', 'KYC_RETENTION_DAYS must be an integer from 1 to 36500, got "0"'],
      ['METRICS_PORT', '3000', 'METRICS_PORT must differ from PORT (3000)'],
      ['METRICS_HOST', '127.0.0.1', 'METRICS_HOST is set but METRICS_PORT is not'],
      ['METRICS_TOKEN', 'short-token', 'METRICS_TOKEN must be at least 32 characters, got 11'],
      ['METRICS_TOKEN', `${'x'.repeat(32)} y`, 'METRICS_TOKEN must be printable ASCII characters without spaces, got a hidden value'],
    ];
    for (const [variable, value, message] of cases) {
      it(`rejects ${variable}=${JSON.stringify(value)} naming the variable and what it expects`, () => {
        const error = errorFor({ [variable]: value });
        expect(error.message).to.contain(message);
      });
    }

    it('reports the variable at fault on the error', () => {
      expect(errorFor({ RECAPTCHA_V2_SITE_KEY: 'site-key' }).variable).to.equal('RECAPTCHA_V2_SECRET');
    });

    it('requires SESSION_KEYS in production', () => {
      const error = errorFor({ NODE_ENV: 'production' });
      expect(error.message).to.match(/^SESSION_KEYS must be set in production/);
    });

    it('refuses an https PUBLIC_URL in production without TRUST_PROXY, naming the variable', () => {
      const production = { NODE_ENV: 'production', SESSION_KEYS: 'k'.repeat(32), PUBLIC_URL: 'https://exchange.example' };
      for (const trust of [{}, { TRUST_PROXY: '0' }] as Array<Record<string, string>>) {
        const error = errorFor({ ...production, ...trust });
        expect(error.variable).to.equal('TRUST_PROXY');
        expect(error.message).to.match(/^TRUST_PROXY must be 1 when PUBLIC_URL is https in production/);
      }
      expect(loadConfig({ ...env, ...production, TRUST_PROXY: '1' })).to.include({ trustProxy: true, publicUrl: 'https://exchange.example' });
      expect(loadConfig({ ...env, ...production, PUBLIC_URL: 'http://exchange.internal' }).trustProxy).to.equal(false);
    });
  });

  describe('secrets in errors', () => {
    it('masks the password and user of a rejected DATABASE_URL', () => {
      const message = errorFor({ DATABASE_URL: 'mysql://admin:hunter2-secret@db:3306' }).message;
      expect(message).to.contain('"mysql://***:***@db:3306"');
      expect(message).not.to.contain('hunter2-secret');
      expect(message).not.to.contain('admin');
    });

    it('masks the password of a rejected REDIS_URL and SMTP_URL', () => {
      expect(errorFor({ REDIS_URL: 'http://:redis-secret@cache:6379' }).message).not.to.contain('redis-secret');
      expect(errorFor({ SMTP_URL: 'http://mailer:smtp-secret@mail' }).message).not.to.contain('smtp-secret');
    });

    it('never prints a rejected captcha secret', () => {
      const message = errorFor({ RECAPTCHA_V3_SITE_KEY: 'site', RECAPTCHA_V3_SECRET: 'top secret' }).message;
      expect(message).to.contain('a hidden value of 10 characters');
      expect(message).not.to.contain('top secret');
    });

    it('never prints a rejected session key', () => {
      const message = errorFor({ SESSION_KEYS: `${'a'.repeat(32)},tooshort-key` }).message;
      expect(message).to.contain('key 2 has 12 characters');
      expect(message).not.to.contain('tooshort-key');
      expect(message).not.to.contain('a'.repeat(32));
    });
  });

  describe('generated session keys', () => {
    it('generates two distinct random keys in development when SESSION_KEYS is unset', () => {
      const keys = loadConfig({ ...env, NODE_ENV: 'development' }).sessionKeys;
      expect(keys).to.have.length(2);
      expect(keys[0]).to.not.equal(keys[1]);
      for (const key of keys) expect(key).to.match(/^[A-Za-z0-9_-]{43}$/);
    });

    it('keeps the generated keys in DATA_DIR so sessions survive a restart', () => {
      const first = loadConfig(env).sessionKeys;
      const second = loadConfig(env).sessionKeys;
      expect(second).to.deep.equal(first);
      expect(readFileSync(path.join(dataDir, 'session-keys'), 'utf8').trim().split('\n')).to.deep.equal(first);
    });

    it('stores the generated keys readable by the owner only', () => {
      loadConfig(env);
      expect(statSync(path.join(dataDir, 'session-keys')).mode & 0o777).to.equal(0o600);
    });

    it('refuses a session-keys file holding a short key', () => {
      writeFileSync(path.join(dataDir, 'session-keys'), 'short\n');
      expect(errorFor({}).message).to.equal(
        `SESSION_KEYS is unset and ${path.join(dataDir, 'session-keys')} must hold keys of at least 32 characters each: key 1 has 5 characters`,
      );
    });

    it('does not write a key file when SESSION_KEYS is set', () => {
      loadConfig({ ...env, SESSION_KEYS: 'k'.repeat(32) });
      expect(existsSync(path.join(dataDir, 'session-keys'))).to.equal(false);
    });
  });

  describe('CONFIG_VARIABLES', () => {
    it('lists exactly the variables loadConfig reads', () => {
      const read = new Set<string>();
      const recording = new Proxy(env, {
        get(target, name) {
          if (typeof name === 'string') read.add(name);
          return Reflect.get(target, name);
        },
      });
      loadConfig(recording);
      expect([...read].sort()).to.deep.equal([...CONFIG_VARIABLES].sort());
    });

    it('are all documented in .env.example', () => {
      const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
      const documented = [...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((match) => match[1]);
      expect([...documented].sort()).to.deep.equal([...CONFIG_VARIABLES].sort());
    });
  });
});

describe('ensureDataDirs', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'exch-dirs-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates the data, uploads and outbox folders and the SQLite file folder', () => {
    const dataDir = path.join(root, 'data');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_KEYS: 'k'.repeat(32),
      DATABASE_URL: `sqlite:${path.join(root, 'db', 'app.sqlite')}`,
      UPLOAD_DIR: path.join(root, 'files'),
    });
    ensureDataDirs(config);
    for (const dir of [dataDir, path.join(dataDir, 'outbox'), path.join(root, 'files'), path.join(root, 'db')]) {
      expect(statSync(dir).isDirectory(), dir).to.equal(true);
    }
  });

  it('creates no outbox when mail goes through SMTP', () => {
    const dataDir = path.join(root, 'data');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_KEYS: 'k'.repeat(32), SMTP_URL: 'smtp://mail:587' });
    ensureDataDirs(config);
    expect(existsSync(path.join(dataDir, 'outbox'))).to.equal(false);
  });
  });
});
