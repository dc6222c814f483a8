import { expect } from 'chai';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { object, string } from 'yup';
import { agreeTermsField, emailField, nameField, type ValidationRuleKey } from '../../../../common/validation';
import { Button } from '../Button';
import { Checkbox } from './Checkbox';
import { Select } from './Select';
import { TextField } from './TextField';
import { useForm } from './useForm';

const schema = object({
  email: emailField,
  firstName: nameField,
  currency: string().required(),
  agree: agreeTermsField,
});

interface Submission {
  email: string;
  firstName: string;
  currency: string;
  agree: boolean;
}

/** A sign-up-like form; `onSubmit` may reject like an API call. */
function SignUpForm({ onSubmit, serverErrors }: { onSubmit: (values: Submission) => Promise<void>; serverErrors?: Record<string, string> }) {
  const form = useForm(schema, { email: '', firstName: '', currency: '', agree: false });
  const [sent, setSent] = useState(false);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        await onSubmit(values);
        setSent(true);
      })}
    >
      <TextField label="Email" type="email" {...form.field('email')} />
      <TextField label="First name" {...form.field('firstName')} />
      <Select
        label="Currency"
        placeholder="Choose"
        options={[
          { value: 'BTC', label: 'Bitcoin' },
          { value: 'USDT', label: 'Tether' },
        ]}
        {...form.field('currency')}
      />
      <Checkbox label="I accept the terms of use" {...form.field('agree')} />
      <Button type="submit" loading={form.submitting}>
        Create account
      </Button>
      {serverErrors && (
        <button type="button" onClick={() => form.setServerErrors(serverErrors)}>
          Answer from the server
        </button>
      )}
      {sent && <p>Sent</p>}
    </form>
  );
}

const message = (rule: ValidationRuleKey) => i18next.t(`validation.${rule}`);
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe('useForm with the form fields', () => {
  it('shows no error while the visitor types', async () => {
    const user = userEvent.setup();
    render(<SignUpForm onSubmit={async () => {}} />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByRole('alert')).to.equal(null);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).to.equal(null);
  });

  it('validates a field when it loses the focus', async () => {
    const user = userEvent.setup();
    render(<SignUpForm onSubmit={async () => {}} />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.tab();
    expect(errorOf('Email')).to.equal(message('email'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).to.equal('true');
  });

  it('validates a field left by a press elsewhere only once the pointer is released, so the form does not move under it', async () => {
    render(<SignUpForm onSubmit={async () => {}} />);
    const email = screen.getByLabelText('Email');
    const checkbox = screen.getByLabelText('I accept the terms of use');
    fireEvent.pointerDown(checkbox);
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.blur(email);
    expect(errorOf('Email')).to.equal(null);
    fireEvent.pointerUp(checkbox);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(errorOf('Email')).to.equal(message('email'));
  });

  it('validates a text field when its change is committed', () => {
    render(<SignUpForm onSubmit={async () => {}} />);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Anna--Maria' } });
    expect(errorOf('First name')).to.equal(message('invalid_name'));
  });

  it('keeps a shown error while the visitor types a fix, until the field is left', async () => {
    const user = userEvent.setup();
    render(<SignUpForm onSubmit={async () => {}} />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'anna@');
    await user.tab();
    await user.type(email, 'example.com');
    expect(errorOf('Email')).to.equal(message('email'));
    await user.tab();
    expect(errorOf('Email')).to.equal(null);
  });

  it('validates a checkbox and a select as soon as they change', async () => {
    const user = userEvent.setup();
    render(<SignUpForm onSubmit={async () => {}} />);
    const agree = screen.getByLabelText('I accept the terms of use');
    await user.click(agree);
    await user.click(agree);
    expect(errorOf('I accept the terms of use')).to.equal(message('terms_required'));
    await user.selectOptions(screen.getByLabelText('Currency'), 'USDT');
    expect(errorOf('Currency')).to.equal(null);
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).to.equal('USDT');
  });

  it('on submit shows every failure, focuses the first invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    const sent: Submission[] = [];
    render(<SignUpForm onSubmit={async (values) => void sent.push(values)} />);
    await user.type(screen.getByLabelText('First name'), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(sent).to.deep.equal([]);
    expect(errorOf('Email')).to.equal(message('required'));
    expect(errorOf('First name')).to.equal(null);
    expect(errorOf('Currency')).to.equal(message('required'));
    expect(errorOf('I accept the terms of use')).to.equal(message('terms_required'));
    expect(document.activeElement).to.equal(screen.getByLabelText('Email'));
  });

  it('submits the values of a valid form once, with the button busy meanwhile', async () => {
    const user = userEvent.setup();
    const sent: Submission[] = [];
    let answer: () => void = () => {};
    render(
      <SignUpForm
        onSubmit={(values) => {
          sent.push(values);
          return new Promise<void>((resolve) => {
            answer = resolve;
          });
        }}
      />,
    );
    await user.type(screen.getByLabelText('Email'), 'anna@example.com');
    await user.type(screen.getByLabelText('First name'), "Anna-Maria O'Neil");
    await user.selectOptions(screen.getByLabelText('Currency'), 'BTC');
    await user.click(screen.getByLabelText('I accept the terms of use'));
    const submit = screen.getByRole('button', { name: 'Create account' });
    await user.click(submit);
    await user.click(submit);
    expect(submit.getAttribute('aria-busy')).to.equal('true');
    expect(sent).to.deep.equal([{ email: 'anna@example.com', firstName: "Anna-Maria O'Neil", currency: 'BTC', agree: true }]);
    answer();
    expect(await screen.findByText('Sent')).to.not.equal(null);
    expect(submit.getAttribute('aria-busy')).to.equal(null);
  });

  it('shows the server\'s field errors on the matching inputs until they are edited', async () => {
    const user = userEvent.setup();
    render(<SignUpForm onSubmit={async () => {}} serverErrors={{ email: 'This email is already registered' }} />);
    await user.click(screen.getByRole('button', { name: 'Answer from the server' }));
    expect(errorOf('Email')).to.equal('This email is already registered');
    expect(errorOf('First name')).to.equal(null);
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(errorOf('Email')).to.equal(null);
  });

  it('translates shown errors again when the language changes', async () => {
    const user = userEvent.setup();
    render(<SignUpForm onSubmit={async () => {}} />);
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(errorOf('Email')).to.equal(message('required'));
    try {
      await act(() => i18next.changeLanguage('ru'));
      expect(errorOf('Email')).to.equal(i18next.t('validation.required', { lng: 'ru' }));
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});
