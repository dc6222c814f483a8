import { expect } from 'chai';
import { arrivalOffsets, deliveryOf, seededRandom, summarise, visitorIp, weightedPicker } from './schedule';

describe('mixed bench helpers', () => {
  it('schedules rate × seconds arrivals at fixed steps from the start (open loop)', () => {
    const offsets = arrivalOffsets(4, 2);
    expect(offsets).to.deep.equal([0, 250, 500, 750, 1000, 1250, 1500, 1750]);
    expect(arrivalOffsets(300, 60)).to.have.length(18_000);
    expect(arrivalOffsets(0, 10)).to.deep.equal([]);
  });

  it('picks kinds in proportion to their weights', () => {
    const pick = weightedPicker({ a: 1, b: 3, c: 0 });
    const random = seededRandom(7);
    const counts = { a: 0, b: 0, c: 0 };
    for (let n = 0; n < 40_000; n += 1) counts[pick(random())] += 1;
    expect(counts.c).to.equal(0);
    expect(counts.b / counts.a).to.be.within(2.8, 3.2);
    expect(pick(0)).to.equal('a');
    expect(pick(0.2499)).to.equal('a');
    expect(pick(0.25)).to.equal('b');
  });

  it('repeats the same sequence for the same seed', () => {
    const first = seededRandom(42);
    const second = seededRandom(42);
    const a = Array.from({ length: 5 }, first);
    expect(a).to.deep.equal(Array.from({ length: 5 }, second));
    expect(a.every((value) => value >= 0 && value < 1)).to.equal(true);
  });

  it('gives every visitor its own private address', () => {
    expect(visitorIp(0)).to.equal('10.0.0.1');
    expect(visitorIp(255)).to.equal('10.0.1.0');
    expect(new Set(Array.from({ length: 5000 }, (_, n) => visitorIp(n))).size).to.equal(5000);
  });

  it('summarises latency, 2xx, 5xx and other codes per kind and in all', () => {
    const rows = summarise([
      { kind: 'read', status: 200, latencyMs: 10 },
      { kind: 'read', status: 503, latencyMs: 30 },
      { kind: 'create', status: 201, latencyMs: 20 },
      { kind: 'create', status: 429, latencyMs: 5 },
      { kind: 'create', status: 0, latencyMs: 50 },
    ]);
    expect(rows.map((row) => row.kind)).to.deep.equal(['create', 'read', 'all']);
    expect(rows[0]).to.deep.include({ ok: 1, serverErrors: 0, otherCodes: { '429': 1, '0': 1 } });
    expect(rows[1]).to.deep.include({ ok: 1, serverErrors: 1, otherCodes: { '503': 1 } });
    expect(rows[2].latency).to.deep.equal({ count: 5, p50: 20, p95: 50, p99: 50, max: 50 });
    expect(rows[2]).to.deep.include({ ok: 2, serverErrors: 1 });
  });

  it('credits each receiver at most what it was owed and counts the rest apart', () => {
    const result = deliveryOf(
      new Map([
        ['a', 3],
        ['b', 2],
      ]),
      new Map([
        ['a', 3],
        ['b', 1],
        ['c', 4],
      ]),
    );
    expect(result).to.deep.equal({ expected: 5, delivered: 4, extra: 4 });
  });
});
