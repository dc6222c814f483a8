import { expect } from 'chai';
import { Slots } from './slots';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('uploads/Slots', () => {
  it('runs at most N tasks at once, in arrival order, and goes on after failures', async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 7 }, (_, i) =>
        slots.run(async () => {
          started.push(i);
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          if (i === 1) throw new Error('task 1 fails');
          return i;
        }),
      ),
    );
    expect(most).to.equal(2);
    expect(started).to.deep.equal([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((result) => result.status)).to.deep.equal(['fulfilled', 'rejected', ...Array(5).fill('fulfilled')]);
    expect(await slots.run(async () => 'free again')).to.equal('free again');
  });
});
