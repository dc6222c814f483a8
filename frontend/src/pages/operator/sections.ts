import type { ComponentType } from 'react';

export type ConsoleRole = 'operator' | 'admin';

/**
 * The console's sections, in the order of its navigation: `/operator/<key>` shows one; `/operator`
 * shows the first. Each loads as its own chunk. `roles` hides a section (link and page) from a
 * role the server would refuse anyway. Texts: `console.sections.<key>`.
 */
export interface ConsoleSection {
  key: string;
  roles: readonly ConsoleRole[];
  load: () => Promise<{ default: ComponentType }>;
}

export const STAFF: readonly ConsoleRole[] = ['operator', 'admin'];
export const ADMIN: readonly ConsoleRole[] = ['admin'];

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { key: 'orders', roles: STAFF, load: () => import('./OrdersSection') },
  { key: 'reviews', roles: STAFF, load: () => import('./reviews/ReviewsSection') },
  { key: 'siteReviews', roles: STAFF, load: () => import('./siteReviews/SiteReviewsSection') },
  { key: 'messages', roles: STAFF, load: () => import('./messages/MessagesSection') },
  { key: 'withdrawals', roles: STAFF, load: () => import('./withdrawals/WithdrawalsSection') },
  // Operators look customers up read-only; the change buttons show for admins only.
  { key: 'users', roles: STAFF, load: () => import('./users/UsersSection') },
  // Operators and admins both write and publish posts.
  { key: 'blog', roles: STAFF, load: () => import('./blog/BlogSection') },
  { key: 'directions', roles: ADMIN, load: () => import('./catalogue/DirectionsSection') },
  { key: 'assets', roles: ADMIN, load: () => import('./catalogue/AssetsSection') },
  { key: 'reserves', roles: ADMIN, load: () => import('./catalogue/ReservesSection') },
  { key: 'payments', roles: ADMIN, load: () => import('./payments/PaymentsSection') },
  { key: 'referral', roles: ADMIN, load: () => import('./withdrawals/ReferralSettingsSection') },
  { key: 'maintenance', roles: ADMIN, load: () => import('./maintenance/MaintenanceSection') },
  { key: 'blacklist', roles: ADMIN, load: () => import('./blacklist/BlacklistSection') },
  { key: 'audit', roles: ADMIN, load: () => import('./audit/AuditSection') },
  { key: 'pages', roles: ADMIN, load: () => import('./pages/PagesSection') },
];

/** The sections `role` may open. */
export function sectionsFor(role: string | undefined): ConsoleSection[] {
  return CONSOLE_SECTIONS.filter((section) => section.roles.some((allowed) => allowed === role));
}

