import type { ReactNode } from 'react';
import { PageHeader } from '../layout/PageHeader';
import './accounts.css';

interface Props {
  /** Route name: the title and description are `pages.<name>.*`. */
  name: string;
  children: ReactNode;
  /** Links under the card ("No account yet? Sign up"). */
  footer?: ReactNode;
}

/** The centred card of the sign-in, sign-up and password screens. */
export function AuthCard({ name, children, footer }: Props) {
  return (
    <div className="container page auth-page">
      <div className="auth-card card">
        <PageHeader name={name} />
        {children}
      </div>
      {footer && <div className="auth-page__footer">{footer}</div>}
    </div>
  );
}

/** A message above a form: what went wrong with the last attempt, or a step to take. */
export function FormNotice({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  return (
    <p className={`auth-notice auth-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid="form-notice">
      {children}
    </p>
  );
}
