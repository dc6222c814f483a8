// Order creation CPU per request, alternating worktrees: node bench/orderCreateCpu.mjs <rounds> <orders a round> <worktree>...
// Each worktree needs its node_modules (a symlink to this checkout's will do). PROF=1 writes a --cpu-prof per server to /tmp/prof/.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
const [rounds, amount, ...trees] = [Number(process.argv[2]), Number(process.argv[3]), ...process.argv.slice(4)];
const prof = process.env.PROF;
function start(tree) {
  const execArgv = ['--import', 'tsx'];
  if (prof) execArgv.push('--cpu-prof', `--cpu-prof-dir=/tmp/prof/${tree.split('/').pop()}`);
  const child = fork(`${tree}/bench/orderCreate/sut-server.ts`, [], { cwd: tree, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiters = [];
  child.on('message', (m) => { const i = waiters.findIndex((w) => w.type === m.type); if (i >= 0) waiters.splice(i, 1)[0].resolve(m); else if (m.type === 'error') console.error(m); });
  const receive = (type) => new Promise((resolve) => waiters.push({ type, resolve }));
  return { child, receive, ask: (msg, type) => { const p = receive(type); child.send(msg); return p; } };
}
const run = (url, body, amount) => autocannon({ url, method: 'POST', body, headers: { 'content-type': 'application/json', lang: 'en' }, connections: 10, amount });
const servers = [];
for (const tree of trees) { const s = start(tree); const r = await s.receive('ready'); servers.push({ tree, s, url: `http://127.0.0.1:${r.port}/api/orders`, body: r.request, res: [] }); }
for (const sv of servers) await run(sv.url, sv.body, 1500);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 ? [...servers].reverse() : servers;
  for (const sv of order) {
    const a = (await sv.s.ask({ type: 'status' }, 'status')).cpuMs;
    const r = await run(sv.url, sv.body, amount);
    const b = (await sv.s.ask({ type: 'status' }, 'status')).cpuMs;
    sv.res.push((b - a) / amount);
    console.log(sv.tree.split('/').pop(), 'round', round, ((b - a) / amount).toFixed(3), 'ms/req', 'rps', r.requests.average, 'non2xx', r.non2xx);
  }
}
for (const sv of servers) { const s = [...sv.res].sort((x, y) => x - y); console.log('MEDIAN', sv.tree.split('/').pop(), s[Math.floor(s.length / 2)].toFixed(3)); sv.s.child.kill('SIGTERM'); }
