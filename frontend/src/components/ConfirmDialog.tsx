import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/ApiError';
import { Button } from './Button';
import { Modal } from './Modal';

interface Props {
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Shown when the API refuses without a message. */
  failedText: string;
  /** The action; an `ApiError` it throws is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  confirmTestId?: string;
}

/** "Delete …?": a small dialog asking before a destructive call, showing the API's refusal. */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, failedText, onConfirm, onClose, confirmTestId }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm(): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message || failedText);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="small"
      title={title}
      footer={
        <>
          <Button variant="ghost" color="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color="secondary" loading={busy} onClick={() => void confirm()} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
      {error && (
        <p className="order-notice order-notice--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
