/** The mails an e2e server wrote to its outbox directory (embedded defaults: `<DATA_DIR>/outbox`). */
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listOutbox, type OutboxMail } from '../backend/test/mail';

/** How long a mail may take to reach the outbox once the API has answered (it is sent after commit). */
const MAIL_WAIT_MS = 15_000;
const POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The latest mail to `to` with a link whose path starts with `linkPath`, from the outbox of the
 * e2e server (a `exchanger-test-*` DATA_DIR; the address is unique to this run).
 */
export async function mailLink(to: string, linkPath: string): Promise<string> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const dirs = (await readdir(tmpdir())).filter((name) => name.startsWith('exchanger-test-'));
    const mails: OutboxMail[] = [];
    for (const dir of dirs) mails.push(...(await listOutbox(path.join(tmpdir(), dir, 'outbox'), { to }).catch(() => [])));
    const links = mails
      .flatMap((mail) => mail.links)
      .map((link) => new URL(link))
      .filter((url) => url.pathname.startsWith(linkPath));
    if (links.length > 0) {
      const url = links.at(-1)!;
      return url.pathname + url.search;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${linkPath} link (found ${mails.length} mails)`);
    await sleep(POLL_MS);
  }
}

