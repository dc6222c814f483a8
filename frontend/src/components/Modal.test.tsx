import { expect } from 'chai';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

/** A page with a button opening a modal that holds two fields, like a sign-in dialog. */
function Page({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Sign in
      </button>
      <Modal
        open={open}
        title="Sign in"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <input aria-label="Email" />
        <input aria-label="Password" type="password" />
      </Modal>
    </main>
  );
}

async function openDialog(onClose?: () => void) {
  const user = userEvent.setup();
  const { container } = render(<Page onClose={onClose} />);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { user, container, dialog: screen.getByRole('dialog', { name: 'Sign in' }) };
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).to.equal(null);
  });

  it('opens as a modal dialog named by its title, outside the page tree', async () => {
    const { dialog, container } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(container.contains(dialog)).to.equal(false);
    expect(document.body.contains(dialog)).to.equal(true);
  });

  it('moves the focus to the first field when it opens', async () => {
    await openDialog();
    expect(document.activeElement).to.equal(screen.getByLabelText('Email'));
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = await openDialog();
    const email = screen.getByLabelText('Email');
    const close = screen.getByRole('button', { name: 'Close' });
    await user.tab();
    expect(document.activeElement).to.equal(screen.getByLabelText('Password'));
    await user.tab();
    expect(document.activeElement).to.equal(close);
    await user.tab();
    expect(document.activeElement).to.equal(email);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).to.equal(screen.getByLabelText('Password'));
  });

  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    let closes = 0;
    const { user } = await openDialog(() => closes++);
    await user.keyboard('{Escape}');
    expect(closes).to.equal(1);
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(document.activeElement).to.equal(screen.getByRole('button', { name: 'Sign in' }));
  });

  it('closes on a click on the backdrop but not on a click inside', async () => {
    let closes = 0;
    const { user, dialog } = await openDialog(() => closes++);
    await user.click(screen.getByLabelText('Email'));
    await user.click(dialog);
    expect(closes).to.equal(0);
    await user.click(dialog.parentElement!);
    expect(closes).to.equal(1);
  });

  it('closes with its close button', async () => {
    let closes = 0;
    const { user } = await openDialog(() => closes++);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(closes).to.equal(1);
  });

  it('gives the page body the modal-open class while open', async () => {
    const { user } = await openDialog();
    expect(document.body.classList.contains('modal-open')).to.equal(true);
    await user.keyboard('{Escape}');
    expect(document.body.classList.contains('modal-open')).to.equal(false);
  });

  it('keeps the modal-open class until the last of nested modals closes, and Escape closes the top one', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Modal open={outer} title="Choose a currency" onClose={() => setOuter(false)}>
          <button type="button" onClick={() => setInner(true)}>
            Details
          </button>
          <Modal open={inner} title="Currency details" onClose={() => setInner(false)}>
            <p>Bitcoin</p>
          </Modal>
        </Modal>
      );
    }
    const user = userEvent.setup();
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getAllByRole('dialog')).to.have.length(2);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Currency details' })).to.equal(null);
    expect(screen.getByRole('dialog', { name: 'Choose a currency' })).to.not.equal(null);
    expect(document.body.classList.contains('modal-open')).to.equal(true);
    expect(document.activeElement).to.equal(screen.getByRole('button', { name: 'Details' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(document.body.classList.contains('modal-open')).to.equal(false);
  });
});
