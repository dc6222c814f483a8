import { expect } from 'chai';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField, type TextFieldProps } from './TextField';

/** A TextField holding its own value and recording what it reports. */
function Recorded(props: Partial<TextFieldProps> & { edits: string[]; commits: string[] }) {
  const { edits, commits, ...rest } = props;
  const [value, setValue] = useState('');
  return (
    <TextField
      label="Amount"
      name="amount"
      {...rest}
      value={value}
      onValueChange={(next) => {
        edits.push(next);
        setValue(next);
      }}
      onCommit={(committed) => commits.push(committed)}
    />
  );
}

describe('TextField', () => {
  it('reports every keystroke as an edit and nothing as committed while typing', async () => {
    const edits: string[] = [];
    const commits: string[] = [];
    render(<Recorded edits={edits} commits={commits} />);
    await userEvent.type(screen.getByLabelText('Amount'), '0.5');
    expect(edits).to.deep.equal(['0', '0.', '0.5']);
    expect(commits).to.deep.equal([]);
  });

  it('reports the committed value on the DOM change event', () => {
    const commits: string[] = [];
    render(<Recorded edits={[]} commits={commits} />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12.75' } });
    expect(commits).to.deep.equal(['12.75']);
  });

  it('is described by its help text and its error, and marked invalid with an error', () => {
    render(<TextField label="Wallet" name="wallet" value="" description="Your BTC address" error="Incorrect account details entered" />);
    const input = screen.getByLabelText('Wallet');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).to.deep.equal(['Your BTC address', 'Incorrect account details entered']);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
  });

  it('shows and hides a password on demand', async () => {
    render(<TextField label="Password" name="password" type="password" value="Secret-1" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input.getAttribute('type')).to.equal('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).to.equal('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).to.equal('password');
  });
});
