import { expect } from 'chai';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Button } from './Button';

function counter() {
  const calls: unknown[] = [];
  return { calls, handler: (event: unknown) => void calls.push(event) };
}

describe('Button', () => {
  it('defaults to a filled, accent, medium button of type "button"', () => {
    render(<Button>Exchange</Button>);
    const button = screen.getByRole('button', { name: 'Exchange' });
    expect(button.getAttribute('type')).to.equal('button');
    expect([...button.classList]).to.include.members(['ui-button--filled', 'ui-button--accent', 'ui-button--medium']);
  });

  it('applies the chosen variant, color, size and native type', () => {
    render(
      <Button variant="ghost" color="accent-pro" size="large" type="submit">
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button.getAttribute('type')).to.equal('submit');
    expect([...button.classList]).to.include.members(['ui-button--ghost', 'ui-button--accent-pro', 'ui-button--large']);
  });

  it('calls onClick when clicked', async () => {
    const click = counter();
    render(<Button onClick={click.handler}>Go</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(click.calls).to.have.length(1);
  });

  it('does nothing when clicked while disabled', async () => {
    const click = counter();
    render(
      <Button disabled onClick={click.handler}>
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    fireEvent.click(button);
    await userEvent.click(button);
    expect(click.calls).to.have.length(0);
    expect(button.getAttribute('aria-disabled')).to.equal('true');
  });

  it('does nothing when clicked while loading', async () => {
    const click = counter();
    render(
      <Button loading onClick={click.handler}>
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    fireEvent.click(button);
    await userEvent.click(button);
    expect(click.calls).to.have.length(0);
  });

  it('does not submit its form while loading', async () => {
    const submit = counter();
    render(
      <form onSubmit={(event) => { event.preventDefault(); submit.handler(event); }}>
        <Button type="submit" loading>
          Send
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(submit.calls).to.have.length(0);
  });

  it('marks itself busy while loading and keeps its label for the width and the accessible name', () => {
    render(<Button loading>Confirm the exchange</Button>);
    const button = screen.getByRole('button', { name: 'Confirm the exchange' });
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    expect(button.querySelector('.ui-button__label')?.textContent).to.equal('Confirm the exchange');
    expect(button.querySelector('.ui-button__spinner')?.getAttribute('aria-hidden')).to.equal('true');
  });

  it('renders an in-app href as a link that navigates inside the app', async () => {
    const location = memoryLocation({ path: '/', record: true });
    render(
      <Router hook={location.hook}>
        <Button href="/faq">Questions</Button>
      </Router>,
    );
    const link = screen.getByRole('link', { name: 'Questions' });
    expect(link.getAttribute('href')).to.equal('/faq');
    await userEvent.click(link);
    expect(location.history).to.deep.equal(['/', '/faq']);
  });

  it('does not navigate when its link is clicked while loading', async () => {
    const location = memoryLocation({ path: '/', record: true });
    render(
      <Router hook={location.hook}>
        <Button href="/faq" loading>
          Questions
        </Button>
      </Router>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Questions' }));
    expect(location.history).to.deep.equal(['/']);
  });

  it('renders a disabled link without an address', () => {
    render(
      <Button href="/faq" disabled>
        Questions
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Questions' });
    expect(link.hasAttribute('href')).to.equal(false);
    expect(link.getAttribute('aria-disabled')).to.equal('true');
  });

  it('opens an external address in a new tab without giving it the opener', () => {
    render(
      <Button href="https://t.me/exchanger_support" target="_blank">
        Support
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Support' });
    expect(link.getAttribute('href')).to.equal('https://t.me/exchanger_support');
    expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
  });
});
