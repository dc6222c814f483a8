import { expect } from 'chai';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Marquee } from './Marquee';

/** A stand-in for the browser's `matchMedia`, which jsdom lacks, answering the reduced-motion query. */
function emulateReducedMotion(initially: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initially,
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = (() => query) as unknown as typeof window.matchMedia;
  return {
    change(matches: boolean): void {
      query.matches = matches;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function track(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.ui-marquee__track');
  if (!element) throw new Error('No marquee track rendered');
  return element;
}

describe('Marquee', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('scrolls a pass in 20 seconds, starting at once, forever by default', () => {
    render(<Marquee>BTC → USDT 64 210.55</Marquee>);
    expect(track().style.animationDuration).to.equal('20s');
    expect(track().style.animationDelay).to.equal('0s');
    expect(track().style.animationIterationCount).to.equal('infinite');
  });

  it('takes the duration, delay and number of passes it is given', () => {
    render(
      <Marquee duration={8} delay={1.5} loop={3}>
        News
      </Marquee>,
    );
    expect(track().style.animationDuration).to.equal('8s');
    expect(track().style.animationDelay).to.equal('1.5s');
    expect(track().style.animationIterationCount).to.equal('3');
  });

  it('travels right when asked', () => {
    render(<Marquee direction="right">News</Marquee>);
    expect(track().style.animationDirection).to.equal('reverse');
  });

  it('shows its content once to assistive technology', () => {
    render(<Marquee>Rates are updated every minute</Marquee>);
    expect(screen.getAllByText('Rates are updated every minute')).to.have.length(2);
    const copies = document.querySelectorAll('.ui-marquee__content');
    expect(copies[0].getAttribute('aria-hidden')).to.equal(null);
    expect(copies[1].getAttribute('aria-hidden')).to.equal('true');
  });

  it('pauses while the pointer is over it', async () => {
    render(<Marquee>News</Marquee>);
    const marquee = document.querySelector<HTMLElement>('.ui-marquee')!;
    await userEvent.hover(marquee);
    expect(track().style.animationPlayState).to.equal('paused');
    await userEvent.unhover(marquee);
    expect(track().style.animationPlayState).to.equal('running');
  });

  it('pauses while a link inside it has the focus', () => {
    render(
      <Marquee>
        <a href="/reserves">Reserves</a>
      </Marquee>,
    );
    const link = screen.getByRole('link', { name: 'Reserves' });
    act(() => link.focus());
    expect(track().style.animationPlayState).to.equal('paused');
    act(() => link.blur());
    expect(track().style.animationPlayState).to.equal('running');
  });

  it('does not move when the visitor prefers reduced motion', () => {
    emulateReducedMotion(true);
    render(<Marquee>News</Marquee>);
    expect(track().style.animationName).to.equal('');
    expect(track().style.animationDuration).to.equal('');
    expect(screen.getAllByText('News')).to.have.length(1);
  });

  it('stops moving as soon as the reduced-motion preference is switched on', () => {
    const preference = emulateReducedMotion(false);
    render(<Marquee>News</Marquee>);
    expect(track().style.animationDuration).to.equal('20s');
    preference.change(true);
    expect(track().style.animationDuration).to.equal('');
  });
});
