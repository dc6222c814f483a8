import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';
import { PlannedContent } from './PlannedContent';

interface Props {
  name: string;
  title?: string;
  /** Content that exists already, shown between the header and the plan. */
  children?: ReactNode;
}

/** A page whose main content arrives with a later feature: header, what exists, what will come. */
export function InfoPage({ name, title, children }: Props) {
  return (
    <div className="container page">
      <PageHeader name={name} title={title} />
      {children}
      <PlannedContent name={name} />
    </div>
  );
}
