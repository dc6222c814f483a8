import type { ContactMessageDto } from '../../common/contacts';
import type { ContactMessage } from '../models';

export function presentContactMessage(message: ContactMessage): ContactMessageDto {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    lang: message.lang,
    createdAt: message.createdAt.toISOString(),
    readAt: message.readAt?.toISOString() ?? null,
    answeredAt: message.answeredAt?.toISOString() ?? null,
    reply: message.reply,
  };
}
