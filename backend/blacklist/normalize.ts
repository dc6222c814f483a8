/**
 * How blacklist values are compared: every value is normalised the same way when an entry is
 * added and when an order is checked. Cards are kept only as a keyed hash (HMAC-SHA256 under the
 * app secret, every configured key tried so a key rotation keeps old entries matching) and their
 * last four digits. IP ranges are CIDR, IPv4 and IPv6, kept in canonical form (host bits cleared).
 */
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

/** Wallets and accounts: Unicode-normalised, spaces and dashes dropped, lower case. */
export function normalizeWallet(value: string): string {
  return value.normalize('NFKC').replace(/[\s\-]+/g, '').toLowerCase();
}

export function normalizeBlacklistEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

/** The digits of a card number written with optional spaces or dashes (12–19 digits), else null. */
export function cardDigits(value: string): string | null {
  const compact = value.normalize('NFKC').replace(/[\s\-]+/g, '');
  return /^\d{12,19}$/.test(compact) ? compact : null;
}

export function cardHash(digits: string, key: string): string {
  return createHmac('sha256', key).update(`blacklist-card:${digits}`).digest('hex');
}

export interface IpRange {
  family: 4 | 6;
  /** The network as a number (host bits cleared) and the prefix length. */
  network: bigint;
  prefix: number;
}

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n);
}

function ipv6ToBigInt(address: string): bigint {
  let text = address;
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToBigInt(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group || '0', 16)), 0n);
}

function bigIntToIp(value: bigint, family: 4 | 6): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(((value >> shift) & 0xffffn).toString(16));
  // The canonical compressed form (RFC 5952) through the URL parser.
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}

/** A client address as compared: zone id dropped, an IPv4-mapped IPv6 address as IPv4. Null if not an IP. */
export function clientAddress(ip: string | null | undefined): { family: 4 | 6; value: bigint } | null {
  if (!ip) return null;
  let address = ip.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1]!;
  const family = isIP(address);
  if (family === 4) return { family, value: ipv4ToBigInt(address) };
  if (family === 6) return { family, value: ipv6ToBigInt(address.toLowerCase()) };
  return null;
}

/** A CIDR range (`a.b.c.d/n`, `x::/n`, or a single address), or null when it is not one. */
export function parseCidr(text: string): IpRange | null {
  const [address, prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0 || !address) return null;
  const parsed = clientAddress(address.includes('%') ? '' : address);
  if (!parsed) return null;
  const bits = parsed.family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  const hostBits = BigInt(bits - prefix);
  return { family: parsed.family, network: (parsed.value >> hostBits) << hostBits, prefix };
}

export function formatCidr(range: IpRange): string {
  return `${bigIntToIp(range.network, range.family)}/${range.prefix}`;
}

export function inRange(range: IpRange, address: { family: 4 | 6; value: bigint }): boolean {
  if (range.family !== address.family) return false;
  const hostBits = BigInt((range.family === 4 ? 32 : 128) - range.prefix);
  return (address.value >> hostBits) << hostBits === range.network;
}
