import { useState } from 'react';
import { Button } from '../../components/Button';

/**
 * The console's inline confirmation of a staff action: the question, a confirm and a cancel
 * button (an `alertdialog` named by the question). Nothing is sent until confirmed.
 */
export function ConfirmBar(props: {
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** The confirm button's variant (the ghost one inside lists and tables). */
  variant?: 'ghost';
  /** `span` inside a row or a table cell. */
  as?: 'div' | 'span';
}) {
  const Tag = props.as ?? 'div';
  return (
    <Tag role="alertdialog" aria-label={props.question} className="console-confirm">
      <span>{props.question}</span>
      <Button variant={props.variant} onClick={props.onConfirm} disabled={props.busy}>
        {props.confirmLabel}
      </Button>
      <Button variant="ghost" onClick={props.onCancel}>
        {props.cancelLabel}
      </Button>
    </Tag>
  );
}

/**
 * A row's action that asks first: its button opens a ConfirmBar in its place; `error` (the
 * action's refusal, translated) shows beside it.
 */
export function ConfirmedAction(props: {
  label: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  busy: boolean;
  error: string | null;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {confirming ? (
        <ConfirmBar
          as="span"
          variant="ghost"
          question={props.question}
          confirmLabel={props.confirmLabel}
          cancelLabel={props.cancelLabel}
          onConfirm={props.onConfirm}
          onCancel={() => setConfirming(false)}
          busy={props.busy}
        />
      ) : (
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          {props.label}
        </Button>
      )}
      {props.error !== null && (
        <span role="alert" className="order-notice order-notice--error">
          {props.error}
        </span>
      )}
    </>
  );
}
