import type { Lang } from '../../../common/api';
import type { Translate } from '../i18n';
import { ORDER_MAIL_LAYOUTS, ORDER_MAIL_TEMPLATES } from './orderTemplates';

/** Every mail the product sends; texts in `locales/<lang>/mail.json` under the same name. */
export const MAIL_TEMPLATES = [
  'activation',
  'passwordReset',
  'registeredAgain',
  'passwordChanged',
  'signInAlert',
  'kycSubmitted',
  'kycApproved',
  'kycRejected',
  'kycRefusedFinal',
  'requisiteVerified',
  'requisiteRejected',
  'withdrawalProcessing',
  'withdrawalPaid',
  'withdrawalRejected',
  'contactMessage',
  'contactReply',
  ...ORDER_MAIL_TEMPLATES,
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/**
 * Values a template may use. `link` (or its alias `url`) may be absolute on PUBLIC_URL or a path;
 * `time` is an ISO date shown in the recipient's language (UTC).
 */
export type MailVars = Record<string, string | undefined>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface RenderContext {
  lang: Lang;
  t: Translate;
  publicUrl: string;
}

interface Layout {
  /** Paragraph keys under `mail.<template>.` (interpolated with the vars). */
  paragraphs: string[];
  /** Key of the button label; the button points to `link`, or to PUBLIC_URL when there is none. */
  action?: string;
  /** Show "if it was not you, ignore this email". */
  ignoreNotice?: boolean;
}

const LAYOUTS: Record<MailTemplate, Layout> = {
  activation: { paragraphs: ['intro', 'expiry'], action: 'action', ignoreNotice: true },
  passwordReset: { paragraphs: ['intro', 'expiry'], action: 'action', ignoreNotice: true },
  registeredAgain: { paragraphs: ['intro', 'reset'], action: 'action', ignoreNotice: true },
  passwordChanged: { paragraphs: ['intro', 'warning'], action: 'action' },
  signInAlert: { paragraphs: ['intro', 'time', 'ip', 'device', 'warning'], action: 'action' },
  kycSubmitted: { paragraphs: ['intro'], action: 'action' },
  kycApproved: { paragraphs: ['intro'], action: 'action' },
  kycRejected: { paragraphs: ['intro', 'reason', 'retry'], action: 'action' },
  kycRefusedFinal: { paragraphs: ['intro', 'reason', 'final'], action: 'action' },
  // A saved card's review (backend/requisites): `card` is its masked number, `reason` the operator's words or the default.
  requisiteVerified: { paragraphs: ['intro', 'next'], action: 'action' },
  requisiteRejected: { paragraphs: ['intro', 'reason', 'next'], action: 'action' },
  // A partner's withdrawal request (backend/ledger/withdrawals): `amount` USDT, `payout` with its asset, `account` masked.
  withdrawalProcessing: { paragraphs: ['intro'], action: 'action' },
  withdrawalPaid: { paragraphs: ['intro'], action: 'action' },
  withdrawalRejected: { paragraphs: ['intro', 'reason', 'next'], action: 'action' },
  // The contacts form (backend/contacts): to SUPPORT_EMAIL (`sender`, `email`, `subject`, `message`), and staff's reply to the sender.
  contactMessage: { paragraphs: ['intro', 'from', 'topic', 'message'], action: 'action' },
  contactReply: { paragraphs: ['intro', 'reply', 'original'], action: 'action' },
  ...ORDER_MAIL_LAYOUTS,
};

export const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** An absolute http(s) URL on PUBLIC_URL; a path is resolved against it, anything else refused. */
export function absoluteLink(link: string, publicUrl: string): string {
  const base = new URL(publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  const url = new URL(link, base);
  if (url.origin !== base.origin) throw new Error(`mail link outside PUBLIC_URL: ${url.origin}`);
  return url.toString();
}

/** One formatter per language: building an Intl.DateTimeFormat costs far more than using one. */
const TIME_FORMATS = new Map<Lang, Intl.DateTimeFormat>();

function timeFormat(lang: Lang): Intl.DateTimeFormat {
  let format = TIME_FORMATS.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    TIME_FORMATS.set(lang, format);
  }
  return format;
}

function formatTime(value: string | undefined, lang: Lang): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const formatted = timeFormat(lang).format(date);
  return `${formatted} UTC`;
}

/**
 * The mail texts use plain `{{name}}` placeholders only: each text is read from the translator
 * once (without values, i18next leaves the placeholders as written) and filled in here, which
 * costs a fraction of an i18next call per text. A placeholder without a value stays as written,
 * as i18next leaves it; values are never interpolated again (a value holding `{{site}}` stays so).
 */
const RAW_TEXTS = new WeakMap<Translate, Map<string, string>>();
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function rawText(t: Translate, key: string): string {
  let texts = RAW_TEXTS.get(t);
  if (!texts) {
    texts = new Map();
    RAW_TEXTS.set(t, texts);
  }
  let text = texts.get(key);
  if (text === undefined) {
    text = t(key);
    texts.set(key, text);
  }
  return text;
}

function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => (Object.hasOwn(values, name) ? values[name]! : placeholder));
}

/** Renders a template as subject, plain text and HTML in the recipient's language. */
export function renderMail(template: MailTemplate, vars: MailVars, context: RenderContext): RenderedMail {
  const layout = LAYOUTS[template];
  const { t, lang } = context;
  const site = new URL(context.publicUrl).host;
  const rawLink = vars.link ?? vars.url;
  const link = absoluteLink(rawLink ?? '/', context.publicUrl);
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(vars)) if (value !== undefined) values[key] = value;
  values.site = site;
  const time = formatTime(vars.time, lang);
  if (time !== undefined) values.time = time;
  else values.time = formatTime(new Date().toISOString(), lang)!;

  const escaped = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, escapeHtml(value)]));
  const text = (key: string) => interpolate(rawText(t, `mail.${key}`), values);
  const html = (key: string) => interpolate(rawText(t, `mail.${key}`), escaped);
  const name = values.name?.trim();
  const greetingKey = name ? 'common.greeting' : 'common.greeting_anonymous';
  const paragraphs = layout.paragraphs.filter((key) => key !== 'device' || values.userAgent);

  const subject = text(`${template}.subject`).replace(/[\r\n]+/g, ' ');
  const textLines = [
    text(greetingKey),
    '',
    ...paragraphs.map((key) => text(`${template}.${key}`)),
    ...(layout.action ? ['', `${text(`${template}.${layout.action}`)}: ${link}`] : []),
    ...(layout.ignoreNotice ? ['', text('common.ignore')] : []),
    '',
    text('common.signature'),
    '--',
    text('common.footer'),
  ];

  const safeLink = escapeHtml(link);
  const htmlBody = [
    `<p style="margin:0 0 16px">${html(greetingKey)}</p>`,
    ...paragraphs.map((key) => `<p style="margin:0 0 12px">${html(`${template}.${key}`)}</p>`),
    ...(layout.action
      ? [
          `<p style="margin:24px 0"><a href="${safeLink}" style="background:#1f6feb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${html(`${template}.${layout.action}`)}</a></p>`,
          `<p style="margin:0 0 12px;font-size:13px;color:#555">${html('common.button_fallback')}<br><a href="${safeLink}">${safeLink}</a></p>`,
        ]
      : []),
    ...(layout.ignoreNotice ? [`<p style="margin:0 0 12px">${html('common.ignore')}</p>`] : []),
    `<p style="margin:24px 0 0">${html('common.signature')}</p>`,
  ].join('\n');

  const document = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1b1f24">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${htmlBody}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#777">${html('common.footer')}</p>
</body>
</html>
`;
  return { subject, text: `${textLines.join('\n')}\n`, html: document };
}
