import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseMail, type ParsedMail } from './mime';

/**
 * The embedded mail mode: each message is one `.eml` file in `<DATA_DIR>/outbox/`, named so that
 * names sort in sending order (`<ms timestamp>-<sequence>-<random>.eml`); any mail client opens them.
 */
let sequence = 0;

/** Directories known to exist: created once, again only if one has gone (ENOENT on a write). */
const existingDirs = new Set<string>();

export async function writeOutbox(outboxDir: string, raw: Buffer): Promise<string> {
  if (!existingDirs.has(outboxDir)) {
    await mkdir(outboxDir, { recursive: true });
    existingDirs.add(outboxDir);
  }
  sequence = (sequence + 1) % 1_000_000;
  const name = `${String(Date.now()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
  const file = path.join(outboxDir, name);
  // Written under a temporary name and renamed, so a reader never sees half a message.
  try {
    await writeFile(`${file}.tmp`, raw, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(outboxDir, { recursive: true });
    await writeFile(`${file}.tmp`, raw, { mode: 0o600 });
  }
  await rename(`${file}.tmp`, file);
  return file;
}

export interface OutboxMail extends ParsedMail {
  file: string;
}

function addressOf(header: string): string {
  const angle = /<([^>]+)>/.exec(header);
  return (angle ? angle[1]! : header).trim().toLowerCase();
}

/** Every message in the outbox, oldest first, optionally only those sent to `to`. */
export async function listOutbox(outboxDir: string, filter: { to?: string } = {}): Promise<OutboxMail[]> {
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
    const mail = parseMail(await readFile(file, 'utf8'));
    const recipients = mail.to.split(',').map(addressOf);
    if (filter.to !== undefined && !recipients.includes(filter.to.trim().toLowerCase())) continue;
    mails.push({ ...mail, file });
  }
  return mails;
}

/** The latest message sent to `to` (subject, text, html, links), or null when there is none. */
export async function readOutbox(outboxDir: string, filter: { to: string }): Promise<OutboxMail | null> {
  const mails = await listOutbox(outboxDir, filter);
  return mails.at(-1) ?? null;
}
