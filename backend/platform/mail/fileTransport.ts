import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded mail mode: each message is one `.eml` file in `<DATA_DIR>/outbox/`, named so that
 * names sort in sending order (`<ms timestamp>-<sequence>-<random>.eml`); any mail client opens them
 * (tests read them with `backend/test/mail.ts`).
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
