import type { ComponentType } from 'react';
import { matchRoute, type RouteParams } from '../../../common/routes';

export interface PageProps {
  /** URI-decoded params of the matched route pattern (`matchRoute` of common/routes.ts). */
  params: RouteParams;
}

export type PageModule = { default: ComponentType<PageProps> };

/** One lazily loaded module per route of `common/routes.ts`, by route name. */
export const pageLoaders: Record<string, () => Promise<PageModule>> = {
  home: () => import('../pages/home'),
  aboutService: () => import('../pages/aboutService'),
  auth: () => import('../pages/auth'),
  blog: () => import('../pages/blog'),
  blogPost: () => import('../pages/blogPost'),
  clients: () => import('../pages/clients'),
  contacts: () => import('../pages/contacts'),
  documentation: () => import('../pages/documentation'),
  confirmError: () => import('../pages/confirmError'),
  faq: () => import('../pages/faq'),
  guide: () => import('../pages/guide'),
  login: () => import('../pages/login'),
  order: () => import('../pages/order'),
  partners: () => import('../pages/partners'),
  reserves: () => import('../pages/reserves'),
  resetPassword: () => import('../pages/resetPassword'),
  restorePassword: () => import('../pages/restorePassword'),
  reviews: () => import('../pages/reviews'),
  allReviews: () => import('../pages/allReviews'),
  signUp: () => import('../pages/signUp'),
  confirmSuccess: () => import('../pages/confirmSuccess'),
  test: () => import('../pages/test'),
  disableOtp: () => import('../pages/disableOtp'),
  enableOtp: () => import('../pages/enableOtp'),
  verification: () => import('../pages/verification'),
  withdraw: () => import('../pages/withdraw'),
  userApi: () => import('../pages/userApi'),
  userExchanges: () => import('../pages/userExchanges'),
  userPartner: () => import('../pages/userPartner'),
  userProfile: () => import('../pages/userProfile'),
  userRequisites: () => import('../pages/userRequisites'),
  howItWorks: () => import('../pages/howItWorks'),
  aboutUs: () => import('../pages/aboutUs'),
  terms: () => import('../pages/terms'),
  amlKyc: () => import('../pages/amlKyc'),
  sitemap: () => import('../pages/sitemap'),
  cash: () => import('../pages/cash'),
  maintenance: () => import('../pages/maintenance'),
  cryptoToRub: () => import('../pages/cryptoToRub'),
  cryptoToKgs: () => import('../pages/cryptoToKgs'),
  pairLanding: () => import('../pages/pairLanding'),
  operator: () => import('../pages/operator'),
  operatorSection: () => import('../pages/operator'),
};

/**
 * Starts fetching the page module of `pathname` (nothing for a path no route matches): at start-up
 * the first screen's page code then loads beside the texts instead of after the first render.
 * React.lazy's own call later gets the same module. Settles when it has arrived or failed (the
 * route's own error handling then reports a failure).
 */
export function preloadPage(pathname: string): Promise<void> {
  const match = matchRoute(pathname);
  return match ? pageLoaders[match.route.name]().then(
    () => undefined,
    () => undefined,
  ) : Promise.resolve();
}
