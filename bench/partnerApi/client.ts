/**
 * Bench child (bench/partnerApi.ts): the load client of the partner API bench, in a process of its
 * own. `run` sends `count` POSTs of `path` from `concurrency` workers at once; every request is
 * built and signed the same way whatever the path (a fresh, per-key increasing `time`, the hash over
 * the exact bytes sent), so the client's own work is the same for the signed route and the unsigned
 * one. Worker w uses only the keys w, w + concurrency, … one request at a time, so each key's `time`
 * reaches the server in order. Answers `times` (ms per request, sent → body parsed) and `wallMs`.
 */
import { signBody } from '../../backend/partnerApi/signature';
import { runChild, serveParent, tell, type BenchMessage } from '../lib/child';

const baseUrl = process.env.BENCH_BASE_URL!;

interface Key {
  apiKey: string;
  secret: string;
  lastTime: number;
}

interface Run {
  path: string;
  count: number;
  concurrency: number;
  keys: { apiKey: string; secret: string }[];
  params: Record<string, unknown>;
  /** Expected status (200 for calls; 401 or 400 for the refused ones of the timing signal). */
  status: number;
  /** `forged`: a hash of the right shape but wrong; `noTime`: a correct hash over a body without time. */
  variant?: 'forged' | 'noTime';
}

const keys = new Map<string, Key>();
const keyOf = (entry: { apiKey: string; secret: string }): Key => keys.get(entry.apiKey) ?? keys.set(entry.apiKey, { ...entry, lastTime: 0 }).get(entry.apiKey)!;

async function call(run: Run, key: Key): Promise<number> {
  key.lastTime = Math.max(key.lastTime + 1, Date.now());
  const body = run.variant === 'noTime' ? JSON.stringify(run.params) : JSON.stringify({ ...run.params, time: key.lastTime });
  const start = performance.now();
  const hash = run.variant === 'forged' ? signBody(body, `${key.secret}x`) : signBody(body, key.secret);
  const response = await fetch(`${baseUrl}${run.path}`, { method: 'POST', headers: { 'content-type': 'application/json', apikey: key.apiKey, hash }, body });
  const answer = (await response.json()) as { success?: boolean; error?: { code: string } };
  const took = performance.now() - start;
  if (response.status !== run.status) throw new Error(`POST ${run.path}: status ${response.status} ${JSON.stringify(answer.error ?? null)} (expected ${run.status})`);
  return took;
}

runChild(async () => {
  serveParent(async (message: BenchMessage) => {
    if (message.type !== 'run') return;
    const run = message as unknown as Run;
    const all = run.keys.map(keyOf);
    const times: number[] = [];
    let left = run.count;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: run.concurrency }, async (_, worker) => {
        const mine = all.filter((_key, index) => index % run.concurrency === worker);
        for (let i = 0; left > 0; i += 1) {
          left -= 1;
          times.push(await call(run, mine[i % mine.length]!));
        }
      }),
    );
    tell({ type: 'times', times, wallMs: performance.now() - started });
  });
  tell({ type: 'ready' });
});
