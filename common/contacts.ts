/** The contacts form (backend/contacts): what visitors send and staff read and answer. */
import { mixed, object, string, type InferType } from 'yup';
import { emailField, trimmedString, validationMessage } from './validation';

/** The form's subjects; `referral` is "higher referral percentage" (spec: negotiated via the contact form). */
export const CONTACT_SUBJECTS = ['general', 'order', 'referral', 'partnership', 'api', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export function isContactSubject(value: unknown): value is ContactSubject {
  return typeof value === 'string' && (CONTACT_SUBJECTS as readonly string[]).includes(value);
}

export const CONTACT_NAME_MAX = 64;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_REPLY_MAX = 5000;
export const MESSAGES_PAGE_SIZE = 50;

/** A message in the console. */
export interface ContactMessageDto {
  id: number;
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  lang: string;
  createdAt: string;
  /** null: nobody has opened it (unread). */
  readAt: string | null;
  answeredAt: string | null;
  /** The last reply sent by e-mail. */
  reply: string | null;
}

/** `GET /api/operator/messages?cursor=` (newest first). */
export interface ContactMessageList {
  messages: ContactMessageDto[];
  nextCursor: string | null;
  unread: number;
}

const general = validationMessage('general_error');
const required = validationMessage('required');

function textField(max: number) {
  return trimmedString().required(required).min(1, required).max(max, validationMessage('max_length', { max }));
}

/** `POST /api/contacts` */
export const contactSchema = object({
  name: textField(CONTACT_NAME_MAX),
  email: emailField,
  subject: mixed<ContactSubject>().required(required).oneOf([...CONTACT_SUBJECTS], general),
  message: textField(CONTACT_MESSAGE_MAX),
  captcha: string().max(4096).nullable().optional(),
});
export type ContactInput = InferType<typeof contactSchema>;

export const messagesListSchema = object({
  cursor: string().optional().matches(/^\d{1,12}$/, { message: general }),
});
export type MessagesListQuery = InferType<typeof messagesListSchema>;

/** `POST /api/operator/messages/{id}/reply`: mailed to the sender. */
export const messageReplySchema = object({ text: textField(CONTACT_REPLY_MAX) });
export type MessageReplyInput = InferType<typeof messageReplySchema>;
