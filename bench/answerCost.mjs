// One answer's bytes, latency and the serving process's CPU: node bench/answerCost.mjs <port> <path> [count]
// Sends <count> (20) sequential GETs with Accept-Encoding: br, gzip after one warm-up to a server on 127.0.0.1:<port>
// and prints the last answer's size and coding (chunked = streamed), the p50 and max time, and the CPU the process
// listening on <port> used per request (/proc; Linux). docs/benchmarks.md, session 19: the large shared answers.
import http from 'node:http'; import { execSync } from 'node:child_process';
const [port, path, n] = [process.argv[2], process.argv[3], Number(process.argv[4] ?? 20)];
if (!port || !path) {
  console.error('usage: node bench/answerCost.mjs <port> <path> [count]');
  process.exit(2);
}
const pid = execSync(`fuser ${port}/tcp 2>/dev/null`).toString().trim().split(/\s+/)[0];
const cpu = () => { const f = execSync(`cat /proc/${pid}/stat`).toString().split(' '); return (Number(f[13]) + Number(f[14])) * 10; };
const get = () => new Promise((res, rej) => { const t = performance.now(); http.get({ port, path, headers: { 'accept-encoding': 'br, gzip' } }, (r) => { let n = 0; r.on('data', (c) => (n += c.length)); r.on('end', () => res([performance.now() - t, n, r.headers['content-encoding'], r.headers['transfer-encoding']])); }).on('error', rej); });
await get();
const c0 = cpu(); const times = []; let last;
for (let i = 0; i < n; i++) { last = await get(); times.push(last[0]); }
const c1 = cpu(); times.sort((a, b) => a - b);
console.log(`${port}${path}: ${last[1]} B ${last[2]} ${last[3] ?? 'length'}; p50 ${times[n >> 1].toFixed(1)} ms, max ${times[n - 1].toFixed(1)} ms; server CPU ${((c1 - c0) / n).toFixed(1)} ms/request`);
