import nodemailer, { type Transporter } from 'nodemailer';
import type { Lang } from '../../../common/api';
import type { Config } from '../config/types';
import type { ServerI18n } from '../i18n';
import type { Logger } from '../logger';
import { writeOutbox } from './fileTransport';
import { renderMail, type MailTemplate, type MailVars } from './templates';

export { MAIL_TEMPLATES, renderMail, type MailTemplate, type MailVars, type RenderedMail } from './templates';

export interface MailMessage {
  /** One recipient address. */
  to: string;
  /** The recipient's language: subject and body are written in it. */
  lang: Lang;
  template: MailTemplate;
  vars: MailVars;
}

export interface Mailer {
  /** `smtp` when SMTP_URL is set, else `outbox` (one .eml per message in config.outboxDir). */
  readonly mode: 'smtp' | 'outbox';
  /** Renders and sends; rejects when the SMTP server refuses or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** The process's translations (backend/services.ts builds them once). */
  i18n: ServerI18n;
}

/** Anything but a plain single address (header injection, lists) is refused before sending. */
const ADDRESS_RE = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

/**
 * Mail of the product: templates of `./templates` with texts in `locales/<lang>/mail.json`,
 * links on PUBLIC_URL, From: MAIL_FROM. SMTP when SMTP_URL is set (`smtp://user:pass@host:587`
 * upgrades with STARTTLS when offered, `smtps://` is TLS from the start), otherwise the outbox
 * directory. Text parts are base64 so every byte of the recipient's language survives any relay.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir' | 'publicUrl'>,
  logger: Logger,
  options: MailerOptions,
): Mailer {
  const { i18n } = options;
  const mode = config.smtpUrl ? 'smtp' : 'outbox';
  // Timeouts so a dead relay never holds a request or a job; the URL's own settings win.
  const transport: Transporter =
    config.smtpUrl !== null
      ? nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  return {
    mode,
    async send(message) {
      const to = message.to.trim();
      if (!ADDRESS_RE.test(to)) throw new Error('mail recipient must be one plain address');
      const rendered = renderMail(message.template, message.vars, {
        lang: message.lang,
        t: i18n.translator(message.lang),
        publicUrl: config.publicUrl,
      });
      const info = (await transport.sendMail({
        from: config.mailFrom,
        to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        textEncoding: 'base64',
        headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': message.lang },
      })) as { messageId?: string; message?: Buffer };
      if (mode === 'outbox') {
        const file = await writeOutbox(config.outboxDir, info.message!);
        logger.info({ template: message.template, file }, 'mail written to the outbox');
      } else {
        logger.info({ template: message.template, messageId: info.messageId }, 'mail sent');
      }
    },
    close() {
      transport.close();
    },
  };
}
