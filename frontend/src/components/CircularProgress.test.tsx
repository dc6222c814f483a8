import { expect } from 'chai';
import { render, screen } from '@testing-library/react';
import { CircularProgress } from './CircularProgress';

function parts() {
  const root = screen.getByRole('progressbar');
  const svg = root.querySelector('svg')!;
  const bar = root.querySelector<SVGCircleElement>('.ui-progress__bar')!;
  return { root, svg, bar };
}

function number(element: Element, attribute: string): number {
  return Number(element.getAttribute(attribute));
}

describe('CircularProgress', () => {
  it('is 180 px wide with a 15 px ring half filled by default', () => {
    render(<CircularProgress />);
    const { root, svg, bar } = parts();
    expect(number(svg, 'width')).to.equal(180);
    expect(number(svg, 'height')).to.equal(180);
    expect(number(bar, 'stroke-width')).to.equal(15);
    expect(number(bar, 'r')).to.equal((180 - 15) / 2);
    const circumference = number(bar, 'stroke-dasharray');
    expect(number(bar, 'stroke-dashoffset')).to.be.closeTo(circumference / 2, 1e-9);
    expect(root.getAttribute('aria-valuenow')).to.equal('50');
  });

  it('animates a change over 400 ms by default', () => {
    render(<CircularProgress />);
    expect(parts().bar.style.transition).to.equal('stroke-dashoffset 400ms ease');
  });

  it('takes the size, border, percent and transition it is given', () => {
    render(<CircularProgress size={96} border={8} percent={25} transition={1000} />);
    const { svg, bar, root } = parts();
    expect(number(svg, 'width')).to.equal(96);
    expect(number(bar, 'stroke-width')).to.equal(8);
    expect(number(bar, 'r')).to.equal(44);
    expect(number(bar, 'stroke-dashoffset')).to.be.closeTo(number(bar, 'stroke-dasharray') * 0.75, 1e-9);
    expect(bar.style.transition).to.equal('stroke-dashoffset 1000ms ease');
    expect(root.getAttribute('aria-valuenow')).to.equal('25');
  });

  it('keeps the percent between 0 and 100', () => {
    const { rerender } = render(<CircularProgress percent={140} />);
    expect(number(parts().bar, 'stroke-dashoffset')).to.equal(0);
    rerender(<CircularProgress percent={-5} />);
    expect(number(parts().bar, 'stroke-dashoffset')).to.be.closeTo(number(parts().bar, 'stroke-dasharray'), 1e-9);
  });

  it('shows its children in the centre', () => {
    render(
      <CircularProgress label="Time left to pay">
        <strong>14:59</strong>
      </CircularProgress>,
    );
    const content = screen.getByText('14:59').closest('.ui-progress__content');
    expect(content).to.not.equal(null);
    expect(screen.getByRole('progressbar', { name: 'Time left to pay' })).to.not.equal(null);
  });
});
