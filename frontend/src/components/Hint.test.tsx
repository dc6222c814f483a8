import { expect } from 'chai';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { installClock, type FakeClock } from '../../test/clock';
import { Hint } from './Hint';

describe('Hint', () => {
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

  function renderCopyHint(props: Partial<Parameters<typeof Hint>[0]> = {}) {
    render(
      <>
        <Hint content="Copied" {...props}>
          <button type="button">Copy address</button>
        </Hint>
        <button type="button">Elsewhere</button>
      </>,
    );
    return {
      trigger: screen.getByRole('button', { name: 'Copy address' }),
      outside: screen.getByRole('button', { name: 'Elsewhere' }),
    };
  }

  const hint = () => screen.queryByRole('tooltip');

  it('is hidden until its trigger is clicked', () => {
    const { trigger } = renderCopyHint();
    expect(hint()).to.equal(null);
    fireEvent.click(trigger);
    expect(hint()?.textContent).to.equal('Copied');
    expect(trigger.getAttribute('aria-describedby')).to.equal(hint()?.id);
  });

  it('shows below the trigger, 7 px away, with an arrow by default', () => {
    const { trigger } = renderCopyHint();
    fireEvent.click(trigger);
    const popup = hint()!;
    expect(popup.classList.contains('ui-hint__popup--bottom')).to.equal(true);
    expect(popup.style.getPropertyValue('--ui-hint-along')).to.equal('0px');
    expect(popup.style.getPropertyValue('--ui-hint-away')).to.equal('7px');
    expect(popup.querySelector('.ui-hint__arrow')).to.not.equal(null);
  });

  it('takes the placement, offset and arrow it is given', () => {
    const { trigger } = renderCopyHint({ placement: 'top', offset: [4, 12], arrow: false });
    fireEvent.click(trigger);
    const popup = hint()!;
    expect(popup.classList.contains('ui-hint__popup--top')).to.equal(true);
    expect(popup.style.getPropertyValue('--ui-hint-along')).to.equal('4px');
    expect(popup.style.getPropertyValue('--ui-hint-away')).to.equal('12px');
    expect(popup.querySelector('.ui-hint__arrow')).to.equal(null);
  });

  it('hides itself 1000 ms after showing', () => {
    const { trigger } = renderCopyHint();
    fireEvent.click(trigger);
    advance(999);
    expect(hint()).to.not.equal(null);
    advance(1);
    expect(hint()).to.equal(null);
  });

  it('stays for the lifetime it is given', () => {
    const { trigger } = renderCopyHint({ lifetime: 3000 });
    fireEvent.click(trigger);
    advance(2999);
    expect(hint()).to.not.equal(null);
    advance(1);
    expect(hint()).to.equal(null);
  });

  it('starts its lifetime over when the trigger is clicked again', () => {
    const { trigger } = renderCopyHint();
    fireEvent.click(trigger);
    advance(600);
    fireEvent.click(trigger);
    advance(600);
    expect(hint()).to.not.equal(null);
    advance(400);
    expect(hint()).to.equal(null);
  });

  it('ignores clicks outside during the first 100 ms', () => {
    const { trigger, outside } = renderCopyHint();
    fireEvent.click(trigger);
    advance(99);
    fireEvent.pointerDown(outside);
    expect(hint()).to.not.equal(null);
  });

  it('hides on a click outside once 100 ms have passed', () => {
    const { trigger, outside } = renderCopyHint();
    fireEvent.click(trigger);
    advance(100);
    fireEvent.pointerDown(outside);
    expect(hint()).to.equal(null);
  });

  it('stays when the hint itself is clicked', () => {
    const { trigger } = renderCopyHint({ lifetime: 0 });
    fireEvent.click(trigger);
    advance(100);
    fireEvent.pointerDown(hint()!);
    expect(hint()).to.not.equal(null);
  });

  it('stays until dismissed when its lifetime is 0', () => {
    const { trigger } = renderCopyHint({ lifetime: 0 });
    fireEvent.click(trigger);
    advance(60_000);
    expect(hint()).to.not.equal(null);
  });

  it('hides on Escape', () => {
    const { trigger } = renderCopyHint({ lifetime: 0 });
    fireEvent.click(trigger);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(hint()).to.equal(null);
  });
});
