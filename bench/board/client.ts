/**
 * Bench child (bench/board.ts): the board's HTTP client in a process of its own, so that its
 * inflate and JSON.parse never run on the server's event loop. The harness sends `run` with a
 * path and a count; the child sends that many sequential GETs with the operator's cookie (and a
 * browser's Accept-Encoding) on one kept-alive connection, and answers `times` (ms per request,
 * request written → last byte of the answer received). Each answer is then decompressed and
 * parsed outside the timed part — the client's own work is not the server's latency — and must
 * be a 200 with `success`.
 */
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { runChild, serveParent, tell, type BenchMessage } from '../lib/child';

const baseUrl = new URL(process.env.BENCH_BASE_URL!);
const cookie = process.env.BENCH_COOKIE!;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const call = request(
      { host: baseUrl.hostname, port: baseUrl.port, path: `/api${path}`, agent, headers: { lang: 'en', cookie, 'accept-encoding': 'gzip, deflate, br', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const took = performance.now() - start;
          const raw = Buffer.concat(chunks);
          const coding = response.headers['content-encoding'];
          const text = (coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          const body = JSON.parse(text) as { success?: boolean };
          if (response.statusCode !== 200 || !body.success) reject(new Error(`GET ${path}: status ${response.statusCode}`));
          else resolve(took);
        });
      },
    );
    call.on('error', reject);
    call.end();
  });
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
