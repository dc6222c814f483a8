import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { classNames } from './classNames';
import { focusableElements } from './focusable';
import { registerOpenModal } from './modalStack';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, a click on the backdrop and the close button. */
  onClose: () => void;
  /** Heading; it names the dialog. Without it, pass `aria-label`. */
  title?: ReactNode;
  children: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  /** Maximum width; default `medium`. */
  size?: 'small' | 'medium' | 'large';
  'aria-label'?: string;
  className?: string;
}

/**
 * A dialog over the page: rendered into `document.body`, keeps the keyboard focus inside while
 * open and gives it back to where it was on close. Nested modals stack; only the topmost
 * answers Escape and Tab.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ onClose, title, children, footer, size = 'medium', className, ...labelling }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const dialog = dialogRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const layer = registerOpenModal();
    (focusableElements(bodyRef.current!)[0] ?? dialog).focus();

    function onKeyDown(event: KeyboardEvent): void {
      if (!layer.isTopmost()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        keepFocusInside(dialog, event);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      layer.release();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className="ui-modal"
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title === undefined ? undefined : titleId}
        aria-label={title === undefined ? labelling['aria-label'] : undefined}
        tabIndex={-1}
        className={classNames('ui-modal__dialog', `ui-modal__dialog--${size}`, className)}
      >
        <div className="ui-modal__header">
          {title !== undefined && (
            <h2 id={titleId} className="ui-modal__title">
              {title}
            </h2>
          )}
          <button type="button" className="ui-modal__close" aria-label={t('ui.modal.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div ref={bodyRef} className="ui-modal__body">
          {children}
        </div>
        {footer !== undefined && <div className="ui-modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** Wraps Tab and Shift+Tab around the first and last focusable elements of the dialog. */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  const focusable = focusableElements(dialog);
  const active = document.activeElement;
  if (focusable.length === 0) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const inside = active instanceof Node && dialog.contains(active);
  if (event.shiftKey && (!inside || active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
