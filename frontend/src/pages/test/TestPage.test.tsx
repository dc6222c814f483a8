import { expect } from 'chai';
import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import TestPage from './index';
import { SimulatedFailure } from './FailureSection';

/** Stands in for the app's route error boundary. */
class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

describe('the /test showcase page', () => {
  it('shows a section for every component of the kit', () => {
    render(<TestPage />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    for (const section of ['buttons', 'spinner', 'progress', 'marquee', 'hint', 'modal', 'form', 'failure']) {
      expect(headings).to.include(i18next.t(`ui.showcase.${section}.title`));
    }
  });

  it('shows every button variant in every colour and every size', () => {
    render(<TestPage />);
    for (const variant of ['filled', 'ghost']) {
      for (const color of ['primary', 'accent', 'secondary', 'accent-pro']) {
        expect(document.querySelector(`.ui-button--${variant}.ui-button--${color}`), `${variant} ${color}`).to.not.equal(null);
      }
    }
    for (const size of ['small', 'medium', 'large']) expect(document.querySelector(`.ui-button--${size}`)).to.not.equal(null);
  });

  it('throws during rendering when a failure is simulated, for the error boundary to catch', async () => {
    const caught: unknown[] = [];
    render(
      <Boundary>
        <TestPage />
      </Boundary>,
      { onCaughtError: (error) => void caught.push(error) },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Simulate a failure' }));
    expect(caught).to.have.length(1);
    expect(caught[0]).to.be.instanceOf(SimulatedFailure);
    expect(screen.getByRole('alert').textContent).to.contain('Simulated failure');
  });
});
