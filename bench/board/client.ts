/**
 * Bench child (bench/board.ts): the board's HTTP client in a process of its own, so that its
 * inflate and JSON.parse never run on the server's event loop. The harness sends `run` with a
 * path and a count; the child sends that many sequential GETs with the operator's cookie (and a
 * browser's Accept-Encoding), reads and parses every body, and answers `times` (ms per request,
 * first byte sent → body parsed).
 */
import { runChild, serveParent, tell, type BenchMessage } from '../lib/child';

const baseUrl = process.env.BENCH_BASE_URL!;
const cookie = process.env.BENCH_COOKIE!;

async function get(path: string, headers: Record<string, string>): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { lang: 'en', cookie, 'accept-encoding': 'gzip, deflate, br', ...headers } });
  const body = (await response.json()) as { success?: boolean };
  const took = performance.now() - start;
  if (response.status !== 200 || !body.success) throw new Error(`GET ${path}: status ${response.status}`);
  return took;
}

runChild(async () => {
  serveParent(async (message: BenchMessage) => {
    if (message.type !== 'run') return;
    const path = String(message.path);
    const headers = (message.headers ?? {}) as Record<string, string>;
    const times: number[] = [];
    for (let i = 0; i < Number(message.count); i += 1) times.push(await get(path, headers));
    tell({ type: 'times', times });
  });
  tell({ type: 'ready' });
});
