/**
 * SSRF guard for partner callback URLs: the host is resolved (every address) and refused when any
 * address is loopback, private, link-local, unique-local, unspecified, CGNAT or multicast, unless
 * WEBHOOKS_ALLOW_PRIVATE=1 (tests). The delivery side must check again at send time (DNS may change).
 */
import { lookup } from 'node:dns/promises';
import { clientAddress, inRange, parseCidr, type IpRange } from '../blacklist/normalize';

const PRIVATE_RANGES: IpRange[] = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24',
  '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/4', '240.0.0.0/4',
  '::/128', '::1/128', '64:ff9b::/96', 'fc00::/7', 'fe80::/10', 'ff00::/8',
].map((cidr) => parseCidr(cidr)!);

/** Whether `address` (an IP literal) is in a private, loopback or otherwise internal range; unparseable counts as private. */
export function isPrivateAddress(address: string): boolean {
  const parsed = clientAddress(address);
  if (!parsed) return true;
  return PRIVATE_RANGES.some((range) => inRange(range, parsed));
}

export type CallbackCheck = 'ok' | 'private' | 'unresolvable';

/** Resolves the URL's host and says whether a webhook may be sent there. */
export async function checkCallbackUrl(url: string, allowPrivate: boolean): Promise<CallbackCheck> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  if (allowPrivate) return 'ok';
  return addresses.some(isPrivateAddress) ? 'private' : 'ok';
}
