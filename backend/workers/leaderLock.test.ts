import { expect } from 'chai';
import { pino } from 'pino';
import { MemoryKV } from '../platform/kv';
import type { KV } from '../platform/kv/types';
import { startLeaderLock, type LeaderLock } from './leaderLock';

const KEY = 'worker:leader:test';
const logger = pino({ level: 'silent' });

interface Candidate {
  lock: LeaderLock;
  acquired: Promise<void>;
  lost: Promise<void>;
}

async function candidate(kv: KV, ownerId: string): Promise<Candidate> {
  let onAcquired!: () => void;
  let onLost!: () => void;
  const acquired = new Promise<void>((resolve) => (onAcquired = resolve));
  const lost = new Promise<void>((resolve) => (onLost = resolve));
  const lock = await startLeaderLock({ kv, logger, key: KEY, ownerId, ttlMs: 1000, renewEveryMs: 5, onAcquired, onLost });
  return { lock, acquired, lost };
}

describe('startLeaderLock', () => {
  const locks: LeaderLock[] = [];

  afterEach(async () => {
    await Promise.all(locks.splice(0).map((lock) => lock.release()));
  });

  async function start(kv: KV, ownerId: string): Promise<Candidate> {
    const result = await candidate(kv, ownerId);
    locks.push(result.lock);
    return result;
  }

  it('makes only the first of two workers sharing a KV the leader', async () => {
    const kv = new MemoryKV();
    const first = await start(kv, 'first');
    const second = await start(kv, 'second');
    expect([first.lock.isLeader(), second.lock.isLeader()]).to.deep.equal([true, false]);
    expect(await kv.get(KEY)).to.equal('first');
  });

  it('hands leadership to a standby once the leader releases the lock', async () => {
    const kv = new MemoryKV();
    const first = await start(kv, 'first');
    const second = await start(kv, 'second');
    await first.lock.release();
    await second.acquired;
    expect(second.lock.isLeader()).to.equal(true);
    expect(await kv.get(KEY)).to.equal('second');
  });

  it('hands leadership to a standby when a crashed leader stops renewing', async () => {
    let now = 1_000_000;
    const kv = new MemoryKV(() => now);
    await kv.set(KEY, 'crashed', 1000);
    const standby = await start(kv, 'standby');
    expect(standby.lock.isLeader()).to.equal(false);
    now += 1001;
    await standby.acquired;
    expect(standby.lock.isLeader()).to.equal(true);
  });

  it('steps down when it finds the lock held by another owner', async () => {
    const kv = new MemoryKV();
    const leader = await start(kv, 'leader');
    await kv.set(KEY, 'usurper', 1000);
    await leader.lost;
    expect(leader.lock.isLeader()).to.equal(false);
  });

  it('removes its lock from the KV on release', async () => {
    const kv = new MemoryKV();
    const leader = await start(kv, 'leader');
    await leader.lock.release();
    expect(await kv.get(KEY)).to.equal(null);
  });
});
