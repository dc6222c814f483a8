import { useState, type FormEvent, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';

/** The server's refusals by field (`validation_failed`), or none. */
export function fieldErrors(error: Error | null): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

interface Props {
  title: string;
  /** The question asked before a save that disables the row ("Disable BTC → SBERRUB?"). */
  confirmDisable: string;
  /** The save would disable the row: it asks first. */
  disabling: boolean;
  /** Anything to save (the Save button is off otherwise). */
  changed: boolean;
  save: { isPending: boolean; error: Error | null };
  /** Added to the server's message under the form (refusals of fields that have no input of their own). */
  errorDetail?: string;
  onSave: () => void;
  onClose: () => void;
  saveTestId: string;
  formTestId?: string;
  children: ReactNode;
}

/**
 * The edit dialog of a catalogue row (an asset, a direction): its fields, Save and Cancel, and a
 * confirmation in place of the buttons when the save would disable the row.
 */
export function CatalogueDialog({ title, confirmDisable, disabling, changed, save, errorDetail, onSave, onClose, saveTestId, formTestId, children }: Props) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (disabling && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    onSave();
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        confirming ? (
          <div className="catalogue-confirm" role="alertdialog" aria-label={confirmDisable}>
            <p>{confirmDisable}</p>
            <Button color="accent" onClick={() => submit()} data-testid="confirm-disable">
              {t('catalogueAdmin.confirm')}
            </Button>
            <Button variant="ghost" color="secondary" onClick={() => setConfirming(false)}>
              {t('catalogueAdmin.cancel')}
            </Button>
          </div>
        ) : (
          <div className="catalogue-actions">
            <Button loading={save.isPending} disabled={!changed} onClick={() => submit()} data-testid={saveTestId}>
              {t('catalogueAdmin.save')}
            </Button>
            <Button variant="ghost" color="secondary" onClick={onClose}>
              {t('catalogueAdmin.cancel')}
            </Button>
          </div>
        )
      }
    >
      <form className="catalogue-form" onSubmit={submit} data-testid={formTestId}>
        {children}
        {save.error && (
          <p className="order-notice order-notice--error" role="alert">
            {save.error.message}
            {errorDetail}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** A labelled text input of a dialog, with the server's refusal of it under it. */
export function CatalogueField({
  name,
  label,
  value,
  onChange,
  error,
  inputMode,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}) {
  return (
    <label className="operator-input">
      <span>{label}</span>
      <input name={name} inputMode={inputMode} value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-invalid={error ? true : undefined} />
      {error && <small className="catalogue-error">{error}</small>}
    </label>
  );
}

/** A labelled checkbox of a dialog. */
export function CatalogueCheck({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="catalogue-check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      {label}
    </label>
  );
}
