import { expect } from 'chai';
import { act, render, screen } from '@testing-library/react';
import { installClock, type FakeClock } from '../../test/clock';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  let clock: FakeClock;
  beforeEach(() => {
    clock = installClock();
  });
  afterEach(() => {
    clock.uninstall();
  });

  function advance(ms: number): void {
    clock.tick(ms, act);
  }

  it('spins indefinitely with the default delay of 0 and never signals done', () => {
    let done = 0;
    render(<Spinner onDone={() => done++} />);
    advance(60 * 60 * 1000);
    const spinner = screen.getByRole('status', { name: 'Loading' });
    expect(spinner.classList.contains('ui-spinner--done')).to.equal(false);
    expect(spinner.querySelector('.ui-spinner__count')).to.equal(null);
    expect(done).to.equal(0);
    expect(clock.pending()).to.equal(0);
  });

  it('counts 3, 2, 1 a second apart, then signals done once', () => {
    let done = 0;
    render(<Spinner delay={3} onDone={() => done++} />);
    const count = () => screen.getByRole('status').querySelector('.ui-spinner__count')?.textContent ?? null;

    expect(count()).to.equal('3');
    advance(999);
    expect(count()).to.equal('3');
    advance(1);
    expect(count()).to.equal('2');
    advance(1000);
    expect(count()).to.equal('1');
    expect(done).to.equal(0);
    advance(1000);
    expect(count()).to.equal(null);
    expect(done).to.equal(1);
    advance(10_000);
    expect(done).to.equal(1);
  });

  it('names the seconds left for assistive technology', () => {
    render(<Spinner delay={2} />);
    expect(screen.getByRole('status').getAttribute('aria-label')).to.equal('2 seconds left');
    advance(1000);
    expect(screen.getByRole('status').getAttribute('aria-label')).to.equal('1 second left');
  });

  it('rounds a fractional delay up to whole seconds', () => {
    let done = 0;
    render(<Spinner delay={1.5} onDone={() => done++} />);
    expect(screen.getByRole('status').textContent).to.equal('2');
    advance(1999);
    expect(done).to.equal(0);
    advance(1);
    expect(done).to.equal(1);
  });

  it('starts the countdown again when the delay changes', () => {
    let done = 0;
    const { rerender } = render(<Spinner delay={2} onDone={() => done++} />);
    advance(2000);
    expect(done).to.equal(1);
    rerender(<Spinner delay={1} onDone={() => done++} />);
    expect(screen.getByRole('status').textContent).to.equal('1');
    advance(1000);
    expect(done).to.equal(2);
  });

  it('stops counting when it is removed', () => {
    let done = 0;
    const { unmount } = render(<Spinner delay={2} onDone={() => done++} />);
    advance(1000);
    unmount();
    advance(5000);
    expect(done).to.equal(0);
    expect(clock.pending()).to.equal(0);
  });
});
