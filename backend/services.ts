/**
 * The services a process shares, built once by the composition root — `startServer` for the web
 * role, `main.ts` for a worker on its own — and handed down to the app, the routes, the sockets
 * and the jobs. Nothing else constructs a mailer, the server translations or the captcha client
 * (services.test.ts keeps it so).
 */
import type { Config } from './platform/config/types';
import { createServerI18n, type ServerI18n } from './platform/i18n';
import type { Logger } from './platform/logger';
import { createMailer, type Mailer } from './platform/mail';
import { createCaptchaVerifier, type CaptchaVerifier } from './platform/security/captcha';

export interface Services {
  /** Server translations (locales/), for answers, sockets and mails. */
  i18n: ServerI18n;
  /** The one mailer of the process: account and order mails, web and worker alike. */
  mailer: Mailer;
  /** reCAPTCHA siteverify (off without keys). */
  captcha: CaptchaVerifier;
  /** Closes the mailer's transport; the process's owner calls it last. */
  close(): void;
}

export function buildServices(config: Config, logger: Logger): Services {
  const i18n = createServerI18n();
  const mailer = createMailer(config, logger, { i18n });
  const captcha = createCaptchaVerifier(config, { logger });
  return { i18n, mailer, captcha, close: () => mailer.close() };
}
