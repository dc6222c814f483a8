import { expect } from 'chai';
import type { OrderTick } from '../../common/events';
import { createOrderTicks, secondsLeft } from './liveTicks';

const START = Date.parse('2026-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function harness() {
  let clock = START;
  const sent: OrderTick[] = [];
  const ticks = createOrderTicks({ target: (uid) => uid, emit: (_uid, tick) => sent.push(tick), intervalMs: 0, now: () => clock });
  return {
    ticks,
    sent,
    advance(ms: number) {
      clock += ms;
    },
  };
}

describe('order countdowns (liveTicks)', () => {
  it('counts whole seconds up and never below zero', () => {
    expect(secondsLeft(START + 1500, START)).to.equal(2);
    expect(secondsLeft(START + 1000, START)).to.equal(1);
    expect(secondsLeft(START + 1, START)).to.equal(1);
    expect(secondsLeft(START - 5000, START)).to.equal(0);
  });

  it('ticks a joined order with decreasing seconds, sends 0 once and stops', () => {
    const { ticks, sent, advance } = harness();
    ticks.joined({ uid: 'A1', version: 1, expiresAt: iso(START + 2500) });
    expect(ticks.tickAll()).to.equal(1);
    advance(1000);
    ticks.tickAll();
    advance(1000);
    ticks.tickAll();
    advance(1000);
    ticks.tickAll();
    expect(sent.map((tick) => tick.secondsLeft)).to.deep.equal([3, 2, 1, 0]);
    expect(sent.every((tick) => tick.uid === 'A1' && tick.expiresAt === iso(START + 2500))).to.equal(true);
    expect(ticks.size()).to.deep.equal({ rooms: 1, timed: 0 });
  });

  it('does not tick an order without a timer or whose time is already up', () => {
    const { ticks, sent } = harness();
    ticks.joined({ uid: 'PAID', version: 3, expiresAt: null });
    ticks.joined({ uid: 'LATE', version: 1, expiresAt: iso(START - 1) });
    expect(ticks.tickAll()).to.equal(0);
    expect(sent).to.deep.equal([]);
    expect(ticks.size()).to.deep.equal({ rooms: 2, timed: 0 });
  });

  it('stops ticking after a change ends the timer and follows an extension', () => {
    const { ticks, sent } = harness();
    ticks.joined({ uid: 'B2', version: 1, expiresAt: iso(START + 60_000) });
    ticks.changed({ uid: 'B2', version: 2, expiresAt: null });
    expect(ticks.tickAll()).to.equal(0);
    ticks.changed({ uid: 'B2', version: 3, expiresAt: iso(START + 600_000) });
    ticks.tickAll();
    expect(sent.map((tick) => tick.secondsLeft)).to.deep.equal([600]);
  });

  it('ignores a change older than the version it holds', () => {
    const { ticks, sent } = harness();
    ticks.joined({ uid: 'C3', version: 5, expiresAt: null });
    ticks.changed({ uid: 'C3', version: 4, expiresAt: iso(START + 60_000) });
    ticks.joined({ uid: 'C3', version: 4, expiresAt: iso(START + 60_000) });
    expect(ticks.tickAll()).to.equal(0);
    expect(sent).to.deep.equal([]);
  });

  it('ignores changes of orders no local socket joined, and forgets emptied rooms', () => {
    const { ticks } = harness();
    ticks.changed({ uid: 'ELSEWHERE', version: 1, expiresAt: iso(START + 60_000) });
    ticks.joined({ uid: 'D4', version: 1, expiresAt: iso(START + 60_000) });
    expect(ticks.size()).to.deep.equal({ rooms: 1, timed: 1 });
    ticks.forget('D4');
    expect(ticks.size()).to.deep.equal({ rooms: 0, timed: 0 });
    expect(ticks.tickAll()).to.equal(0);
  });

  it('looks a room\'s target up once, when a join starts tracking it, and sends every tick there', () => {
    const lookups: string[] = [];
    const sent: Array<[string, number]> = [];
    const ticks = createOrderTicks({
      target: (uid) => (lookups.push(uid), uid === 'GONE' ? undefined : `room of ${uid}`),
      emit: (target, tick) => sent.push([target, tick.secondsLeft]),
      intervalMs: 0,
      now: () => START,
    });
    ticks.joined({ uid: 'G7', version: 1, expiresAt: iso(START + 5000) });
    ticks.joined({ uid: 'G7', version: 2, expiresAt: iso(START + 4000) });
    ticks.changed({ uid: 'G7', version: 3, expiresAt: iso(START + 3000) });
    ticks.tickAll();
    ticks.tickAll();
    expect(lookups).to.deep.equal(['G7']);
    expect(sent).to.deep.equal([
      ['room of G7', 3],
      ['room of G7', 3],
    ]);
    // A room whose sockets left before the join got here is not tracked at all.
    ticks.joined({ uid: 'GONE', version: 1, expiresAt: iso(START + 5000) });
    expect(ticks.size()).to.deep.equal({ rooms: 1, timed: 1 });
    // Forgotten and joined again: looked up afresh.
    ticks.forget('G7');
    ticks.joined({ uid: 'G7', version: 3, expiresAt: iso(START + 3000) });
    expect(lookups).to.deep.equal(['G7', 'GONE', 'G7']);
  });

  it('runs one shared interval while a timer runs', async () => {
    const sent: OrderTick[] = [];
    const ticks = createOrderTicks({ target: (uid) => uid, emit: (_uid, tick) => sent.push(tick), intervalMs: 20 });
    ticks.joined({ uid: 'E5', version: 1, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    ticks.joined({ uid: 'F6', version: 1, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 75));
    ticks.close();
    const count = sent.length;
    expect(count).to.be.at.least(4);
    expect(new Set(sent.map((tick) => tick.uid))).to.deep.equal(new Set(['E5', 'F6']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.length).to.equal(count);
  });
});
