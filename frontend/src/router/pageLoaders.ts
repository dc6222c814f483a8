import type { ComponentType } from 'react';
import { matchRoute, type RouteParams } from '../../../common/routes';
import { loadTexts, type PageTextGroup } from '../locales/textGroups';

export interface PageProps {
  /** URI-decoded params of the matched route pattern (`matchRoute` of common/routes.ts). */
  params: RouteParams;
}

export type PageModule = { default: ComponentType<PageProps> };

/**
 * A route's page module, which arrives with the text groups its pages use (locales/textGroups.ts;
 * localeFiles.test.ts checks every page asks only for texts its route loads).
 */
function page(load: () => Promise<PageModule>, ...groups: PageTextGroup[]): () => Promise<PageModule> {
  return () => Promise.all([load(), ...groups.map((group) => loadTexts(group))]).then(([module]) => module);
}

/** One lazily loaded module per route of `common/routes.ts`, by route name. */
export const pageLoaders: Record<string, () => Promise<PageModule>> = {
  home: page(() => import('../pages/home')),
  aboutService: page(() => import('../pages/aboutService')),
  auth: page(() => import('../pages/auth')),
  blog: page(() => import('../pages/blog'), 'content'),
  blogPost: page(() => import('../pages/blogPost'), 'content'),
  clients: page(() => import('../pages/clients'), 'content'),
  contacts: page(() => import('../pages/contacts'), 'content'),
  documentation: page(() => import('../pages/documentation')),
  confirmError: page(() => import('../pages/confirmError')),
  faq: page(() => import('../pages/faq'), 'content'),
  guide: page(() => import('../pages/guide'), 'content'),
  login: page(() => import('../pages/login')),
  order: page(() => import('../pages/order')),
  partners: page(() => import('../pages/partners'), 'content'),
  reserves: page(() => import('../pages/reserves')),
  resetPassword: page(() => import('../pages/resetPassword')),
  restorePassword: page(() => import('../pages/restorePassword')),
  reviews: page(() => import('../pages/reviews'), 'content'),
  allReviews: page(() => import('../pages/allReviews'), 'content'),
  signUp: page(() => import('../pages/signUp')),
  confirmSuccess: page(() => import('../pages/confirmSuccess')),
  test: page(() => import('../pages/test')),
  disableOtp: page(() => import('../pages/disableOtp')),
  enableOtp: page(() => import('../pages/enableOtp')),
  verification: page(() => import('../pages/verification'), 'account'),
  withdraw: page(() => import('../pages/withdraw'), 'account'),
  userApi: page(() => import('../pages/userApi'), 'account'),
  userExchanges: page(() => import('../pages/userExchanges'), 'account'),
  userPartner: page(() => import('../pages/userPartner'), 'account'),
  userProfile: page(() => import('../pages/userProfile'), 'account'),
  userRequisites: page(() => import('../pages/userRequisites'), 'account'),
  howItWorks: page(() => import('../pages/howItWorks'), 'content'),
  aboutUs: page(() => import('../pages/aboutUs'), 'content'),
  terms: page(() => import('../pages/terms'), 'content'),
  amlKyc: page(() => import('../pages/amlKyc'), 'content'),
  sitemap: page(() => import('../pages/sitemap')),
  cash: page(() => import('../pages/cash'), 'content'),
  maintenance: page(() => import('../pages/maintenance')),
  cryptoToRub: page(() => import('../pages/cryptoToRub')),
  cryptoToKgs: page(() => import('../pages/cryptoToKgs')),
  pairLanding: page(() => import('../pages/pairLanding'), 'landing'),
  operator: page(() => import('../pages/operator'), 'staff', 'account', 'content'),
  operatorSection: page(() => import('../pages/operator'), 'staff', 'account', 'content'),
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
