/**
 * A small seeded generator (mulberry32): the same seed gives the same sequence on every
 * machine, so the simulated feed is reproducible. Its output picks random steps; it never
 * holds a price.
 */
export interface SeededRandom {
  /** A uniformly drawn integer in `[min, max]`. */
  integer(min: number, max: number): number;
}

export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    integer(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
  };
}
