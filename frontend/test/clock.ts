/**
 * A small deterministic clock for component tests: replaces the global `setTimeout`,
 * `clearTimeout`, `setInterval` and `clearInterval` with timers that fire only when the test
 * calls `tick(ms)`. Mocha and React's scheduler keep the real timers they captured at load.
 *
 * When timers update React components, pass React's `act` to `tick` so every timer fires inside
 * its own `act()`: effects scheduled by one timer's update are then in place before the next.
 */
type Callback = (...args: unknown[]) => void;

interface FakeTimer {
  id: number;
  at: number;
  every: number | null;
  callback: Callback;
  args: unknown[];
}

export interface FakeClock {
  /** Milliseconds elapsed since `installClock()`. */
  now(): number;
  /** Advances the clock, firing every timer due on the way in time order, each through `around`. */
  tick(ms: number, around?: (fire: () => void) => void): void;
  /** How many timers are scheduled. */
  pending(): number;
  /** Puts the real timers back. */
  uninstall(): void;
}

export function installClock(): FakeClock {
  const real = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  };
  const timers = new Map<number, FakeTimer>();
  let now = 0;
  let nextId = 1;

  function schedule(callback: Callback, delay: unknown, every: boolean, args: unknown[]): number {
    const ms = Math.max(0, Number(delay) || 0);
    const id = nextId++;
    timers.set(id, { id, at: now + ms, every: every ? Math.max(1, ms) : null, callback, args });
    return id;
  }

  function cancel(id: unknown): void {
    timers.delete(Number(id));
  }

  function nextDue(until: number): FakeTimer | undefined {
    let due: FakeTimer | undefined;
    for (const timer of timers.values()) {
      if (timer.at > until) continue;
      if (!due || timer.at < due.at || (timer.at === due.at && timer.id < due.id)) due = timer;
    }
    return due;
  }

  const fakes = {
    setTimeout: (callback: Callback, delay?: unknown, ...args: unknown[]) => schedule(callback, delay, false, args),
    setInterval: (callback: Callback, delay?: unknown, ...args: unknown[]) => schedule(callback, delay, true, args),
    clearTimeout: cancel,
    clearInterval: cancel,
  };
  Object.assign(globalThis, fakes);

  return {
    now: () => now,
    tick(ms: number, around = (fire: () => void) => fire()): void {
      const until = now + ms;
      for (let timer = nextDue(until); timer; timer = nextDue(until)) {
        const due = timer;
        now = due.at;
        if (due.every === null) timers.delete(due.id);
        else due.at += due.every;
        around(() => due.callback(...due.args));
      }
      now = until;
    },
    pending: () => timers.size,
    uninstall(): void {
      Object.assign(globalThis, real);
      timers.clear();
    },
  };
}
