/**
 * Pure parts of the mixed-load bench (bench/mixed.ts): the open-loop arrival schedule, the
 * weighted choice of request kinds, visitor addresses, and the per-kind summary of answers.
 */
import { distribution, type Distribution } from '../lib/stats';

/**
 * Open loop: request n is due at n / rate seconds after the start, whatever happened to the
 * earlier ones — slow answers never lower the offered load. Returns the offsets in ms.
 */
export function arrivalOffsets(ratePerSecond: number, seconds: number): number[] {
  if (!(ratePerSecond > 0) || !(seconds > 0)) return [];
  const count = Math.floor(ratePerSecond * seconds);
  return Array.from({ length: count }, (_, n) => (n * 1000) / ratePerSecond);
}

/** mulberry32: a small seeded generator of floats in [0, 1), so every run offers the same mix. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Picks a key in proportion to its weight (`random` in [0, 1)). */
export function weightedPicker<K extends string>(weights: Readonly<Record<K, number>>): (random: number) => K {
  const entries = (Object.entries(weights) as Array<[K, number]>).filter(([, weight]) => weight > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (entries.length === 0 || !(total > 0)) throw new RangeError('no positive weight');
  return (random) => {
    let left = random * total;
    for (const [key, weight] of entries) {
      if (left < weight) return key;
      left -= weight;
    }
    return entries[entries.length - 1][0];
  };
}

/** Visitor n's address (10.0.0.1 upwards), as a trusted proxy would pass it in X-Forwarded-For. */
export function visitorIp(n: number): string {
  const value = (n % 16_777_214) + 1;
  return `10.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
}

/** One answer: its kind, HTTP status (0: no answer) and latency from its scheduled time. */
export interface Outcome {
  kind: string;
  status: number;
  latencyMs: number;
}

export interface KindSummary {
  kind: string;
  latency: Distribution;
  ok: number;
  serverErrors: number;
  /** Non-2xx answers (and 0 for no answer) by status code. */
  otherCodes: Record<string, number>;
}

/** Per kind and for all kinds together ("all", last): latency of every answer, 2xx, 5xx, other codes. */
export function summarise(outcomes: readonly Outcome[]): KindSummary[] {
  const byKind = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    let list = byKind.get(outcome.kind);
    if (!list) byKind.set(outcome.kind, (list = []));
    list.push(outcome);
  }
  const one = (kind: string, list: readonly Outcome[]): KindSummary => {
    const otherCodes: Record<string, number> = {};
    let ok = 0;
    let serverErrors = 0;
    for (const { status } of list) {
      if (status >= 200 && status < 300) ok += 1;
      else {
        if (status >= 500) serverErrors += 1;
        otherCodes[String(status)] = (otherCodes[String(status)] ?? 0) + 1;
      }
    }
    return { kind, latency: distribution(list.map((outcome) => outcome.latencyMs)), ok, serverErrors, otherCodes };
  };
  const kinds = [...byKind.keys()].sort().map((kind) => one(kind, byKind.get(kind)!));
  return [...kinds, one('all', outcomes)];
}

/**
 * Delivery against expectation: for each receiver, the events it should have had and those it
 * had; a receiver is credited at most what it was owed (duplicates are counted apart).
 */
export function deliveryOf(expected: ReadonlyMap<string, number>, received: ReadonlyMap<string, number>): { expected: number; delivered: number; extra: number } {
  let total = 0;
  let delivered = 0;
  let extra = 0;
  for (const [key, owed] of expected) {
    const got = received.get(key) ?? 0;
    total += owed;
    delivered += Math.min(owed, got);
    extra += Math.max(0, got - owed);
  }
  for (const [key, got] of received) if (!expected.has(key)) extra += got;
  return { expected: total, delivered, extra };
}
