/**
 * The referral record kept in the browser (spec §3, §8): `?r=<code>` on any page load stores
 * `{ ref, timestamp }` for 30 days; a stored record is replaced when the code differs or the
 * record has expired. Registration sends the stored code as `ref`.
 */
import { REFERRAL_CODE_PATTERN } from '../../../common/referralCode';

/** Spec §8: a referral code is kept 30 days. */
export const REFERRAL_TTL_MS = 2_592_000_000;
export const REFERRAL_STORAGE_KEY = 'referral';
/** Referral codes are short tokens; anything else in `r` is ignored. */
const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export interface ReferralRecord {
  ref: string;
  /** When it was stored, in ms since the epoch. */
  timestamp: number;
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function parseRecord(raw: string | null): ReferralRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ReferralRecord>;
    if (typeof value.ref !== 'string' || typeof value.timestamp !== 'number' || !Number.isFinite(value.timestamp)) return null;
    return { ref: value.ref, timestamp: value.timestamp };
  } catch {
    return null;
  }
}

function isFresh(record: ReferralRecord, now: number): boolean {
  return record.timestamp <= now && now - record.timestamp < REFERRAL_TTL_MS;
}

/** The stored record, or null when there is none, it is unreadable or it has expired (then removed). */
export function readReferral(now = Date.now(), storage: Storage | null = defaultStorage()): ReferralRecord | null {
  if (!storage) return null;
  const record = parseRecord(storage.getItem(REFERRAL_STORAGE_KEY));
  if (record && isFresh(record, now)) return record;
  if (record || storage.getItem(REFERRAL_STORAGE_KEY) !== null) storage.removeItem(REFERRAL_STORAGE_KEY);
  return null;
}

/**
 * Stores the code from the query's `r` unless the same code is already stored and fresh (its
 * 30 days then keep running from the first visit). Answers the record now in effect.
 */
export function captureReferral(
  search: string = window.location.search,
  now = Date.now(),
  storage: Storage | null = defaultStorage(),
): ReferralRecord | null {
  const current = readReferral(now, storage);
  const code = new URLSearchParams(search).get('r')?.trim();
  if (!storage || !code || !REFERRAL_CODE.test(code)) return current;
  if (current && current.ref === code) return current;
  const record = { ref: code, timestamp: now };
  try {
    storage.setItem(REFERRAL_STORAGE_KEY, JSON.stringify(record));
  } catch {
    return current;
  }
  return record;
}

/** The code to send with a registration, or '' when there is none. */
export function referralCode(now = Date.now(), storage: Storage | null = defaultStorage()): string {
  return readReferral(now, storage)?.ref ?? '';
}

/** The server's click log (backend/referral): one beacon when a new code is stored. */
export const REFERRAL_CLICKS_PATH = '/api/referral/clicks';

/**
 * `captureReferral`, and when it stored a new code (a new partner, or the same one after 30
 * days), tells the server once with a small beacon: the code and the landing path (the server
 * adds the time, the address — kept only as a keyed hash — and the browser). Fire and forget:
 * a failed beacon changes nothing for the visitor. Codes the server cannot own are not sent.
 */
export function captureAndReportReferral(
  location: Pick<Location, 'search' | 'pathname'> = window.location,
  now = Date.now(),
  storage: Storage | null = defaultStorage(),
  send: (url: string, init: RequestInit) => Promise<unknown> = (url, init) => fetch(url, init),
): ReferralRecord | null {
  const before = readReferral(now, storage);
  const record = captureReferral(location.search, now, storage);
  const stored = record !== null && (before === null || before.ref !== record.ref || before.timestamp !== record.timestamp);
  if (stored && REFERRAL_CODE_PATTERN.test(record.ref)) {
    send(REFERRAL_CLICKS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      keepalive: true,
      body: JSON.stringify({ code: record.ref, path: location.pathname.slice(0, 255) }),
    }).catch(() => undefined);
  }
  return record;
}
