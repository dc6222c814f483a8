/**
 * Load for the exports bench: autocannon against two servers in turn, charging each server's
 * process CPU time to the requests it answered.
 */
import autocannon from 'autocannon';
import { sleep, type BenchChild, type BenchMessage } from '../lib/child';

/** Alternating runs per server and format. */
export const SEGMENTS = 2;
const IDLE_S = 6;

export interface LoadOptions {
  durationS: number;
  warmupS: number;
  connections: number;
}

export interface LoadFigures {
  rps: number;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  /** Answered requests including the warm-up. */
  allRequests: number;
  failures: number;
  /** Server process CPU time per answered request (its idle work — worker ticks, rebuilds — included). */
  cpuMsPerRequest: number;
  /** Bytes read from the server per answered request: headers and body as sent, compressed or not. */
  wireBytesPerRequest: number;
}

export interface Target {
  child: BenchChild;
  url: string;
  /** Request headers (Accept-Encoding picks the coding). */
  headers?: Record<string, string>;
}

interface Status extends BenchMessage {
  cpuMs: number;
}

const cpuOf = async (child: BenchChild) => (await child.ask<Status>({ type: 'status' }, 'status', 10_000)).cpuMs;

/** CPU the process uses over IDLE_S seconds without requests, per second. */
export async function idleCpu(child: BenchChild): Promise<number> {
  const before = await cpuOf(child);
  await sleep(IDLE_S * 1000);
  return ((await cpuOf(child)) - before) / IDLE_S;
}

async function segment(target: Target, connections: number, durationS: number) {
  const before = await cpuOf(target.child);
  const result = await autocannon({ url: target.url, headers: target.headers, connections, duration: durationS });
  return { result, cpuMs: (await cpuOf(target.child)) - before };
}

/**
 * Both servers under the same load: a warm-up each, then SEGMENTS alternating runs adding up to
 * `durationS` each, so passing load from other work on the machine falls on both alike.
 */
export async function compare(real: Target, baseline: Target, options: LoadOptions): Promise<[LoadFigures, LoadFigures]> {
  const targets = [real, baseline];
  const warmups = new Map<Target, number>();
  for (const target of targets) {
    const warmup = await autocannon({ url: target.url, headers: target.headers, connections: options.connections, duration: options.warmupS });
    warmups.set(target, warmup['2xx']);
  }
  const runs = new Map<Target, Array<Awaited<ReturnType<typeof segment>>>>(targets.map((target) => [target, []]));
  for (let index = 0; index < SEGMENTS; index += 1) {
    for (const target of index % 2 === 0 ? targets : [...targets].reverse()) {
      runs.get(target)!.push(await segment(target, options.connections, options.durationS / SEGMENTS));
    }
  }
  const figures = (target: Target): LoadFigures => {
    const list = runs.get(target)!;
    const answered = list.reduce((sum, run) => sum + run.result['2xx'], 0);
    const seconds = list.reduce((sum, run) => sum + run.result.duration, 0);
    const cpuMs = list.reduce((sum, run) => sum + run.cpuMs, 0);
    const perRequest = (value: number) => value / Math.max(1, answered);
    return {
      rps: answered / seconds,
      latencyP50: perRequest(list.reduce((sum, run) => sum + run.result.latency.p50 * run.result['2xx'], 0)),
      latencyP99: Math.max(...list.map((run) => run.result.latency.p99)),
      requests: answered,
      allRequests: answered + warmups.get(target)!,
      failures: list.reduce((sum, run) => sum + run.result.non2xx + run.result.errors, 0),
      cpuMsPerRequest: perRequest(cpuMs),
      wireBytesPerRequest: perRequest(list.reduce((sum, run) => sum + run.result.throughput.total, 0)),
    };
  };
  return [figures(real), figures(baseline)];
}
