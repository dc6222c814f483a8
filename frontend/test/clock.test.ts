import { expect } from 'chai';
import { installClock, type FakeClock } from './clock';

describe('test clock', () => {
  let clock: FakeClock;
  beforeEach(() => {
    clock = installClock();
  });
  afterEach(() => {
    clock.uninstall();
  });

  it('fires a timeout only once its delay has passed', () => {
    const fired: number[] = [];
    setTimeout(() => fired.push(clock.now()), 100);
    clock.tick(99);
    expect(fired).to.deep.equal([]);
    clock.tick(1);
    expect(fired).to.deep.equal([100]);
  });

  it('fires due timers in time order, including ones scheduled on the way', () => {
    const fired: string[] = [];
    setTimeout(() => fired.push('b'), 20);
    setTimeout(() => {
      fired.push('a');
      setTimeout(() => fired.push('c'), 15);
    }, 10);
    clock.tick(30);
    expect(fired).to.deep.equal(['a', 'b', 'c']);
  });

  it('repeats an interval until it is cleared', () => {
    let runs = 0;
    const interval = setInterval(() => runs++, 10);
    clock.tick(35);
    clearInterval(interval);
    clock.tick(100);
    expect(runs).to.equal(3);
  });

  it('never fires a cleared timeout', () => {
    let runs = 0;
    clearTimeout(setTimeout(() => runs++, 10));
    clock.tick(100);
    expect(runs).to.equal(0);
    expect(clock.pending()).to.equal(0);
  });

  it('gives the real timers back when uninstalled', () => {
    const fake = globalThis.setTimeout;
    clock.uninstall();
    expect(globalThis.setTimeout).to.not.equal(fake);
    clock = installClock();
  });
});
