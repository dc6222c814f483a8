import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** One component's block of the showcase: a heading, what the component is for, its variants. */
export function ShowcaseSection({ id, title, description, children }: Props) {
  return (
    <section className="showcase-section" aria-labelledby={`showcase-${id}`}>
      <header className="showcase-section__header">
        <h2 id={`showcase-${id}`} className="showcase-section__title">
          {title}
        </h2>
        <p className="showcase-section__description">{description}</p>
      </header>
      <div className="showcase-section__body">{children}</div>
    </section>
  );
}

interface SampleProps {
  label: string;
  children: ReactNode;
}

/** A labelled row of samples inside a section. */
export function Sample({ label, children }: SampleProps) {
  return (
    <div className="showcase-sample">
      <p className="showcase-sample__label">{label}</p>
      <div className="showcase-sample__items">{children}</div>
    </div>
  );
}
