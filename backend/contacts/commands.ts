/**
 * The contacts form's writes: a visitor's message (stored, and mailed to SUPPORT_EMAIL through the
 * mail outbox in the same transaction), and the staff's open, mark answered and reply by e-mail
 * (operators and admins, audited `contact.*`).
 */
import type { Lang } from '../../common/api';
import type { ContactInput, MessageReplyInput } from '../../common/contacts';
import { recordAudit, type AuditActor } from '../audit/record';
import type { ContactMessage } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { NotFoundError } from '../platform/errors';
import { deliverMails, queueMail, type OutboxMail } from '../platform/mail/outbox';
import type { ContactsContext } from './context';

/** Where the support mail's button leads: the console's messages. */
export const MESSAGES_CONSOLE_PATH = '/operator/messages';

function subjectLabel(ctx: ContactsContext, lang: Lang, subject: string): string {
  return ctx.i18n.translator(lang)(`contacts.subjects.${subject}`);
}

/** Stores a visitor's message and, when SUPPORT_EMAIL is set, queues its mail to support. */
export async function sendContactMessage(ctx: ContactsContext, props: { input: ContactInput; lang: Lang; userId: number | null }): Promise<ContactMessage> {
  const { input } = props;
  const mails: OutboxMail[] = [];
  const message = await writeTransaction(ctx.sequelize, async (transaction) => {
    const row = await ctx.models.ContactMessage.create(
      { name: input.name, email: input.email.trim(), subject: input.subject, message: input.message, lang: props.lang, userId: props.userId },
      { transaction },
    );
    if (ctx.supportEmail) {
      mails.push(
        await queueMail(ctx, transaction, {
          to: ctx.supportEmail,
          lang: ctx.staffLang,
          template: 'contactMessage',
          vars: { sender: row.name, email: row.email, subject: subjectLabel(ctx, ctx.staffLang, row.subject), message: row.message, link: MESSAGES_CONSOLE_PATH },
        }),
      );
    }
    return row;
  });
  deliverMails(ctx, mails);
  return message;
}

export interface StaffMessageWrite {
  actor: AuditActor;
  ip: string | null;
  id: number;
}

async function changeMessage(
  ctx: ContactsContext,
  props: StaffMessageWrite,
  change: (message: ContactMessage, now: Date) => { action: string; values: Partial<ContactMessage>; mail?: boolean } | null,
): Promise<ContactMessage> {
  const mails: OutboxMail[] = [];
  const message = await writeTransaction(ctx.sequelize, async (transaction) => {
    const row = await ctx.models.ContactMessage.findByPk(props.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw new NotFoundError();
    const planned = change(row, ctx.now());
    if (!planned) return row;
    const before = { readAt: row.readAt?.toISOString() ?? null, answeredAt: row.answeredAt?.toISOString() ?? null };
    await row.update(planned.values, { transaction });
    await recordAudit(ctx.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: planned.action,
      target: { type: 'contact_message', id: String(row.id) },
      before,
      after: { readAt: row.readAt?.toISOString() ?? null, answeredAt: row.answeredAt?.toISOString() ?? null, ...(planned.mail ? { reply: row.reply } : {}) },
    });
    if (planned.mail) {
      mails.push(
        await queueMail(ctx, transaction, {
          to: row.email,
          lang: row.lang,
          template: 'contactReply',
          vars: { name: row.name, subject: subjectLabel(ctx, row.lang, row.subject), reply: row.reply ?? '', message: row.message, link: '/contacts' },
        }),
      );
    }
    return row;
  });
  deliverMails(ctx, mails);
  return message;
}

/** A staff member opened the message: it is read from now on (the first opening is audited). */
export function openContactMessage(ctx: ContactsContext, props: StaffMessageWrite): Promise<ContactMessage> {
  return changeMessage(ctx, props, (row, now) => (row.readAt ? null : { action: 'contact.read', values: { readAt: now } }));
}

/** Marks the message answered (by any channel); it is read too. */
export function markContactAnswered(ctx: ContactsContext, props: StaffMessageWrite): Promise<ContactMessage> {
  return changeMessage(ctx, props, (row, now) =>
    row.answeredAt ? null : { action: 'contact.answered', values: { readAt: row.readAt ?? now, answeredAt: now, answeredById: props.actor.id } },
  );
}

/** Mails the staff's answer to the sender (in the language they wrote in) and marks the message answered. */
export function replyToContactMessage(ctx: ContactsContext, props: StaffMessageWrite & { input: MessageReplyInput }): Promise<ContactMessage> {
  return changeMessage(ctx, props, (row, now) => ({
    action: 'contact.reply',
    values: { readAt: row.readAt ?? now, answeredAt: now, answeredById: props.actor.id, reply: props.input.text },
    mail: true,
  }));
}
