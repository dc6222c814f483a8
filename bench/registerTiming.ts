/**
 * `node --import tsx bench/registerTiming.ts [--rounds N]`: does registration's answer time tell
 * whether an email is taken? A real server (production settings, SQLite, the mail outbox)
 * answers `POST /api/user/auth/register` for a new email, a taken active account's and a taken
 * pending account's, interleaved round by round (each email used once: the per-email limit), and
 * prints each path's median and p95 beside the new-email path's (ratio).
 */
import { randomBytes } from 'node:crypto';
import { createUser } from '../backend/accounts/createUser';
import { initModels } from '../backend/models';
import { benchConfig, startBenchServer, temporaryDataDir } from './lib/server';
import { distribution, machine, ms, ratio } from './lib/stats';

const PASSWORD = 'Tr0ub4dor&3-Horse';
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 60;
const WARMUP = 5;

// TRUST_PROXY: each request from its own X-Forwarded-For, so the per-IP limit never answers 429.
const server = await startBenchServer(benchConfig(temporaryDataDir(), { TRUST_PROXY: '1' }));
const { User } = initModels(server.db.sequelize);
const email = (label: string) => `${label}-${randomBytes(6).toString('hex')}@example.test`;
let requests = 0;

async function register(address: string): Promise<{ ms: number; status: number; body: string }> {
  requests += 1;
  const started = performance.now();
  const response = await fetch(`${server.url}/api/user/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', 'x-forwarded-for': `10.9.${(requests >> 8) & 255}.${requests & 255}` },
    body: JSON.stringify({ firstName: 'Ivan', secondName: 'Petrov', email: address, phone: '+79991234567', password: PASSWORD, confirmPassword: PASSWORD, agreeTerms: true }),
  });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

const paths = {
  new: async () => email('new'),
  'taken (active)': async () => (await createUser(initModels(server.db.sequelize), { email: email('active'), password: PASSWORD, role: 'user', firstName: 'Ivan' })).email,
  'taken (pending)': async () => {
    const user = await createUser(initModels(server.db.sequelize), { email: email('pending'), password: PASSWORD, role: 'user', firstName: 'Ivan' });
    await User.update({ status: 'pending' }, { where: { id: user.id } });
    return user.email;
  },
} as const;
type PathName = keyof typeof paths;

const samples = new Map<PathName, number[]>(Object.keys(paths).map((name) => [name as PathName, []]));
const answers = new Map<PathName, Set<string>>(Object.keys(paths).map((name) => [name as PathName, new Set()]));
for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
  // A different order each round, so no path always follows the same one.
  const order = (Object.keys(paths) as PathName[]).sort(() => Math.random() - 0.5);
  for (const name of order) {
    const address = await paths[name]();
    const answer = await register(address);
    if (round < WARMUP) continue;
    samples.get(name)!.push(answer.ms);
    answers.get(name)!.add(`${answer.status} ${answer.body}`);
  }
}

const base = distribution(samples.get('new')!);
console.log(`register timing: ${ROUNDS} rounds, ${machine()}`);
for (const [name, list] of samples) {
  const d = distribution(list);
  console.log(`  ${name.padEnd(16)} median ${ms(d.p50).padStart(9)}  p95 ${ms(d.p95).padStart(9)}  median/new ${ratio(d.p50 / base.p50)}`);
}
const distinct = new Set([...answers.values()].flatMap((set) => [...set]));
console.log(`  answers: ${distinct.size === 1 ? 'identical status and body on every path' : `DIFFER: ${[...distinct].join(' | ')}`}`);
await server.close();
process.exit(0);
