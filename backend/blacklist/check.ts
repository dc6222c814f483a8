/**
 * checkBlacklist: the entries an order matches, by its email, its accounts (sender, receiver,
 * refund, the direction's extra fields — each compared as a wallet, and as a card when it is a
 * card number) and the client's IP. `refuse` wins over `hold`; among equals the oldest entry.
 *
 * Every new order asks, so the list is kept in process as an index (platform/db/keptTable.ts: read
 * again after any change of the table, in any process sharing the KV) while it has at most
 * BLACKLIST_KEPT_MAX entries; a longer list, or a process that does not watch the table, is
 * searched in the database by the same rule. Both compare the normalised values for equality.
 */
import { Op } from 'sequelize';
import type { BlacklistMatch } from '../../common/blacklist';
import type { Models, BlacklistEntry } from '../models';
import { keptTable } from '../platform/db/keptTable';
import { cardDigits, cardHash, clientAddress, inRange, normalizeBlacklistEmail, normalizeWallet, parseCidr, type IpRange } from './normalize';

/** Entries kept in process at most: a longer list is searched in the database at each check. */
export const BLACKLIST_KEPT_MAX = 20_000;

/** The kept list: entries by `kind:value` (wallets, card hashes, e-mails) and the IP ranges, each in id order. */
interface BlacklistIndex {
  byValue: Map<string, BlacklistEntry[]>;
  ranges: Array<{ entry: BlacklistEntry; range: IpRange }>;
}

async function readIndex(models: Pick<Models, 'BlacklistEntry'>): Promise<BlacklistIndex | null> {
  const rows = await models.BlacklistEntry.findAll({ order: [['id', 'ASC']], limit: BLACKLIST_KEPT_MAX + 1 });
  if (rows.length > BLACKLIST_KEPT_MAX) return null;
  const index: BlacklistIndex = { byValue: new Map(), ranges: [] };
  for (const entry of rows) {
    if (entry.kind === 'ip') {
      const range = parseCidr(entry.value);
      if (range) index.ranges.push({ entry, range });
      continue;
    }
    const key = `${entry.kind}:${entry.value}`;
    index.byValue.set(key, [...(index.byValue.get(key) ?? []), entry]);
  }
  return index;
}

export interface BlacklistSubject {
  email?: string | null;
  accounts: readonly (string | null | undefined)[];
  ip?: string | null;
}

export interface BlacklistHit {
  entry: BlacklistEntry;
  match: BlacklistMatch;
}

export async function checkBlacklist(
  models: Pick<Models, 'BlacklistEntry'>,
  subject: BlacklistSubject,
  secretKeys: readonly string[],
): Promise<BlacklistHit | null> {
  const accounts = subject.accounts.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  const wallets = [...new Set(accounts.map(normalizeWallet).filter(Boolean))];
  const cards = [...new Set(accounts.map(cardDigits).filter((digits): digits is string => digits !== null))];
  const cardHashes = cards.flatMap((digits) => secretKeys.map((key) => cardHash(digits, key)));
  const email = subject.email ? normalizeBlacklistEmail(subject.email) : null;
  const address = clientAddress(subject.ip);

  if (!wallets.length && !cardHashes.length && !email && !address) return null;

  const index = await keptTable(models.BlacklistEntry, 'index', () => readIndex(models))?.get();
  let hits: BlacklistEntry[];
  if (index) {
    const keys = [...wallets.map((value) => `wallet:${value}`), ...cardHashes.map((value) => `card:${value}`), ...(email ? [`email:${email}`] : [])];
    const found = new Set(keys.flatMap((key) => index.byValue.get(key) ?? []));
    if (address) for (const { entry, range } of index.ranges) if (inRange(range, address)) found.add(entry);
    // A fresh instance for the caller: the kept ones are shared by every request of the process.
    hits = [...found].sort((a, b) => a.id - b.id).map((entry) => models.BlacklistEntry.build({ ...entry.get() }, { isNewRecord: false, raw: true }));
  } else {
    const wanted = [
      ...(wallets.length ? [{ kind: 'wallet', value: { [Op.in]: wallets } }] : []),
      ...(cardHashes.length ? [{ kind: 'card', value: { [Op.in]: cardHashes } }] : []),
      ...(email ? [{ kind: 'email', value: email }] : []),
      ...(address ? [{ kind: 'ip' }] : []),
    ];
    const entries = await models.BlacklistEntry.findAll({ where: { [Op.or]: wanted }, order: [['id', 'ASC']] });
    hits = entries.filter((entry) => {
      if (entry.kind !== 'ip') return true;
      const range = parseCidr(entry.value);
      return range !== null && address !== null && inRange(range, address);
    });
  }
  const hit = hits.find((entry) => entry.action === 'refuse') ?? hits[0];
  return hit ? { entry: hit, match: { kind: hit.kind, reason: hit.reason, entryId: hit.id } } : null;
}
