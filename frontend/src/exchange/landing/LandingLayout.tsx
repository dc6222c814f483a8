import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ExchangeWidget } from '../ExchangeWidget';
import type { Pair } from '../directory';
import { useMetaDescription } from './useMetaDescription';
import './landing.css';

interface Props {
  /** `<title>` (before the brand) and `<meta name="description">`. */
  title: string;
  description: string;
  heading: ReactNode;
  lead: ReactNode;
  preset: Pair;
  /** Under the hero: more about the pair, links to related pairs. */
  children?: ReactNode;
}

/** A per-pair landing page: its own title and description, a short text and the widget preset. */
export function LandingLayout({ title, description, heading, lead, preset, children }: Props) {
  useDocumentTitle(title);
  useMetaDescription(description);
  return (
    <div className="landing">
      <section className="container landing__hero">
        <div className="landing__copy">
          <h1 className="landing__title">{heading}</h1>
          <div className="landing__lead">{lead}</div>
        </div>
        <div className="landing__exchange">
          <ExchangeWidget preset={preset} />
        </div>
      </section>
      {children && <div className="container landing__more">{children}</div>}
    </div>
  );
}
