/**
 * SSRF guard for partner callback URLs: the host is resolved (every address) and refused when any
 * address is loopback, private, link-local, unique-local, unspecified, CGNAT or multicast, unless
 * WEBHOOKS_ALLOW_PRIVATE=1 (tests). The delivery side checks again at send time (DNS may change) and
 * connects to the address it checked (webhooks/send.ts).
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

/** One address of a host, as dns.lookup answers it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host to every address (dns.lookup; tests may stand in a resolver of their own). */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Resolves the URL's host and says whether a webhook may be sent there, with the first address
 * when it may: the sender connects to exactly that address (no second lookup a rebinding DNS could answer differently).
 */
export async function resolveCallbackUrl(url: string, allowPrivate: boolean, resolve: HostResolver = systemResolver): Promise<{ check: CallbackCheck; address: ResolvedAddress | null }> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return { check: 'unresolvable', address: null };
  }
  if (addresses.length === 0) return { check: 'unresolvable', address: null };
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) return { check: 'private', address: null };
  return { check: 'ok', address: addresses[0]! };
}

/** Resolves the URL's host and says whether a webhook may be sent there. */
export async function checkCallbackUrl(url: string, allowPrivate: boolean): Promise<CallbackCheck> {
  return (await resolveCallbackUrl(url, allowPrivate)).check;
}
