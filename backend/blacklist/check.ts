/**
 * checkBlacklist: the entries an order matches, by its email, its accounts (sender, receiver,
 * refund, the direction's extra fields — each compared as a wallet, and as a card when it is a
 * card number) and the client's IP. `refuse` wins over `hold`; among equals the oldest entry.
 */
import { Op } from 'sequelize';
import type { BlacklistMatch } from '../../common/blacklist';
import type { Models, BlacklistEntry } from '../models';
import { cardDigits, cardHash, clientAddress, inRange, normalizeBlacklistEmail, normalizeWallet, parseCidr } from './normalize';

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

  const wanted = [
    ...(wallets.length ? [{ kind: 'wallet', value: { [Op.in]: wallets } }] : []),
    ...(cardHashes.length ? [{ kind: 'card', value: { [Op.in]: cardHashes } }] : []),
    ...(email ? [{ kind: 'email', value: email }] : []),
    ...(address ? [{ kind: 'ip' }] : []),
  ];
  if (wanted.length === 0) return null;
  const entries = await models.BlacklistEntry.findAll({ where: { [Op.or]: wanted }, order: [['id', 'ASC']] });
  const hits = entries.filter((entry) => {
    if (entry.kind !== 'ip') return true;
    const range = parseCidr(entry.value);
    return range !== null && address !== null && inRange(range, address);
  });
  const hit = hits.find((entry) => entry.action === 'refuse') ?? hits[0];
  return hit ? { entry: hit, match: { kind: hit.kind, reason: hit.reason, entryId: hit.id } } : null;
}
