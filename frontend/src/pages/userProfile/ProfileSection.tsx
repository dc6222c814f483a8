import type { ReactNode } from 'react';

/** A titled card of the profile page. */
export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="profile-section card" aria-labelledby={`profile-${id}`} data-testid={`profile-${id}`}>
      <h2 id={`profile-${id}`} className="profile-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
