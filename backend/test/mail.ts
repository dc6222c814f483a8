import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { settleMails } from '../platform/outbox/delivery';
import { HTML_ESCAPES } from '../platform/mail/templates';

/** A message as tests read it: mailparser's reading plus every link of its HTML part. */
export interface ReadMail extends ParsedMail {
  /** Every distinct href of the HTML part, in order (absolute URLs in our mails). */
  links: string[];
}

export interface OutboxMail extends ReadMail {
  file: string;
}

/** The entities our templates' escaping writes, back to their characters. */
const ENTITIES = new Map(Object.entries(HTML_ESCAPES).map(([char, entity]) => [entity, char]));

/** Reads one RFC 5322 message (SMTP DATA or an outbox `.eml`) with mailparser. */
export async function readMail(raw: string | Buffer): Promise<ReadMail> {
  const mail = await simpleParser(raw);
  const hrefs = [...(mail.html || '').matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&#?\w+;/g, (entity) => ENTITIES.get(entity) ?? entity));
  return Object.assign(mail, { links: [...new Set(hrefs)] });
}

/** The recipients' addresses of a read message, lower case. */
export function recipientsOf(mail: ParsedMail): string[] {
  const to: AddressObject[] = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((group) => group.value).map((address) => (address.address ?? '').toLowerCase());
}

/**
 * Every message in an outbox directory (`backend/platform/mail/fileTransport.ts`), oldest first,
 * optionally only those sent to `to`. Mails are sent after their change commits, without the
 * request waiting: the mails this process has queued so far are settled first (a server in
 * another process is read as it is).
 */
export async function listOutbox(outboxDir: string, filter: { to?: string } = {}): Promise<OutboxMail[]> {
  await settleMails();
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const mails: OutboxMail[] = [];
  for (const name of names) {
    const file = path.join(outboxDir, name);
    const mail = await readMail(await readFile(file));
    if (filter.to !== undefined && !recipientsOf(mail).includes(filter.to.trim().toLowerCase())) continue;
    mails.push(Object.assign(mail, { file }));
  }
  return mails;
}

/** The latest message sent to `to`, or null when there is none. */
export async function readOutbox(outboxDir: string, filter: { to: string }): Promise<OutboxMail | null> {
  const mails = await listOutbox(outboxDir, filter);
  return mails.at(-1) ?? null;
}
