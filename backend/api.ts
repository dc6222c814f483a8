import Router from '@koa/router';
import type { ServerI18n } from './platform/i18n';
import type { Config } from './platform/config/types';
import type { Database } from './platform/db';
import type { KV } from './platform/kv/types';
import type { Logger } from './platform/logger';
import { jsonBody } from './platform/http/jsonBody';
import { sameOrigin } from './platform/http/sameOrigin';
import { sessions, type SessionOptions } from './platform/http/session';
import type { AppState } from './platform/http/types';
import { catalogueRoutes } from './catalogue/routes';
import type { RatesView } from './rates/store';
import { ratesRoutes } from './rates/routes';
import { sessionRoutes } from './accounts/sessionRoutes';
import { sessionIndexHooks } from './accounts/sessionIndex';
import type { RateLimits } from './platform/security/rateLimit';
import { accountRoutes } from './accounts/routes';
import { initModels } from './models';
import { createOrdersContext, type OrdersContext } from './orders/context';
import { createApiMethods } from './partnerApi/methods/all';
import { PARTNER_METHODS } from './partnerApi/methods';
import { createCatalogueCache, type CatalogueCache } from './catalogue/cache';
import { orderRoutes } from './orders/routes';
import { ORDER_UPLOAD_PATH } from './orders/uploadRoutes';
import { operatorRoutes } from './console/routes';
import { reviewRoutes } from './console/reviewRoutes';
import { boardCsvRoutes } from './console/boardCsv';
import { staffPolicy } from './console/policy';
import { auditRoutes } from './audit/routes';
import { catalogueAdminRoutes } from './catalogue/admin/routes';
import { blacklistRoutes } from './blacklist/routes';
import { adminUserRoutes } from './accounts/adminUserRoutes';
import type { AppMiddleware } from './platform/http/types';
import type { Services } from './services';
import type { Maintenance } from './system/maintenance';
import { maintenanceRoutes } from './system/maintenanceRoutes';
import { paymentDetailRoutes } from './orders/paymentDetailRoutes';
import { userExchangeRoutes } from './orders/userExchangeRoutes';
import { createKycContext } from './kyc/context';
import { KYC_UPLOAD_PATH, kycStaffRoutes, kycUserRoutes } from './kyc/routes';
import { createRequisitesContext } from './requisites/context';
import { REQUISITE_UPLOAD_PATH, requisiteRoutes } from './requisites/routes';
import { requisiteReviewRoutes } from './requisites/reviewRoutes';
import { createWithdrawalsContext, type WithdrawalsContext } from './ledger/withdrawals/context';
import { withdrawalRoutes, withdrawalStaffRoutes } from './ledger/withdrawals/routes';
import { createReferralContext, type ReferralContext } from './referral/context';
import { referralAdminRoutes, referralClickRoutes, referralUserRoutes } from './referral/routes';
import { apiKeyRoutes } from './partnerApi/keyRoutes';
import type { NonceGate } from './partnerApi/nonce';
import { signedCallRoutes } from './partnerApi/signedCall';
import { appSecretKeys } from './platform/security/secretBox';
import { createBlogContext, type BlogContext } from './blog/context';
import { BLOG_UPLOAD_PATH, blogPublicRoutes, blogStaffRoutes } from './blog/routes';
import { createReviewsContext } from './reviews/context';
import { publicReviewRoutes, staffReviewRoutes } from './reviews/routes';
import { createContactsContext } from './contacts/context';
import { contactRoutes, staffMessageRoutes } from './contacts/routes';
import { createContentContext, type ContentContext } from './content/context';
import { contentAdminRoutes, contentRoutes } from './content/routes';

/** The multipart uploads, parsed by their own routes: orders' files, KYC files, requisites' photos, blog covers. */
const UPLOAD_PATHS = [ORDER_UPLOAD_PATH, KYC_UPLOAD_PATH, REQUISITE_UPLOAD_PATH, BLOG_UPLOAD_PATH];

/** Whether `path` (under /api) is one of the multipart uploads. */
export function isUploadPath(path: string): boolean {
  return UPLOAD_PATHS.some((upload) => upload.test(path));
}

/** JSON bodies everywhere but the uploads. */
function jsonBodyExceptUploads(): AppMiddleware {
  const json = jsonBody();
  return function jsonBodyExceptUploadsMiddleware(ctx, next) {
    return isUploadPath(ctx.path) ? next() : json(ctx, next);
  };
}

export interface ApiRoutesDeps {
  /** The app the session context is installed on (it holds SESSION_KEYS as its keys). */
  app: SessionOptions['app'];
  config: Config;
  logger: Logger;
  kv: KV;
  db: Pick<Database, 'sequelize'>;
  rates: RatesView;
  rateLimits: RateLimits;
  services: Services;
  /** The run-time maintenance switch of this process (system/maintenance.ts). */
  maintenance: Maintenance;
}

/** The domains' contexts the session API and the partner API's signed call share (built once a process). */
export interface DomainContexts {
  orders: OrdersContext;
  withdrawals: WithdrawalsContext;
  referral: ReferralContext;
  /** The one catalogue cache of the process: `GET /api/catalogue` and the partner API's currencies/directions. */
  catalogue: CatalogueCache;
  /** The blog: its routes and the search engines' page source (backend/seo). */
  blog: BlogContext;
  /** The content pages: their routes and the search engines' page source. */
  content: ContentContext;
}

export function domainContexts(deps: Omit<ApiRoutesDeps, 'app'>): DomainContexts {
  return {
    orders: createOrdersContext({
      sequelize: deps.db.sequelize,
      kv: deps.kv,
      logger: deps.logger,
      rates: deps.rates,
      config: deps.config,
      i18n: deps.services.i18n,
      mailer: deps.services.mailer,
    }),
    withdrawals: createWithdrawalsContext({ sequelize: deps.db.sequelize, kv: deps.kv, rates: deps.rates, mailer: deps.services.mailer, logger: deps.logger, config: deps.config }),
    referral: createReferralContext({ sequelize: deps.db.sequelize, kv: deps.kv, config: deps.config }),
    catalogue: createCatalogueCache({ db: deps.db }),
    blog: createBlogContext({ sequelize: deps.db.sequelize, config: deps.config }),
    content: createContentContext({ sequelize: deps.db.sequelize, config: deps.config }),
  };
}

/**
 * The session-aware JSON API under `/api`: same-origin check for unsafe methods, JSON bodies
 * only, KV-backed sessions, then the feature routers.
 */
export function apiRoutes(deps: ApiRoutesDeps, contexts: DomainContexts = domainContexts(deps)): Router<AppState> {
  const api = new Router<AppState>({ prefix: '/api' });
  api.use(
    sameOrigin(deps.config.publicUrl),
    jsonBodyExceptUploads(),
    sessions({
      app: deps.app,
      kv: deps.kv,
      secure: new URL(deps.config.publicUrl).protocol === 'https:',
      hooks: sessionIndexHooks(deps.kv),
    }),
  );
  const models = initModels(deps.db.sequelize);
  api.use(sessionRoutes({ kv: deps.kv, models }).routes());
  for (const router of accountRoutes(deps)) api.use(router.routes());
  api.use(catalogueRoutes({ db: deps.db, cache: contexts.catalogue }).routes());
  api.use(ratesRoutes({ rates: deps.rates }).routes());
  const { orders, withdrawals, referral } = contexts;
  api.use(orderRoutes({ orders, kv: deps.kv, models, rateLimits: deps.rateLimits, maintenance: deps.maintenance }).routes());
  api.use(userExchangeRoutes({ orders, kv: deps.kv, models }).routes());
  const staff = { kv: deps.kv, models, policy: staffPolicy(deps.config) };
  api.use(boardCsvRoutes(staff).routes());
  api.use(operatorRoutes({ ...staff, orders }).routes());
  const requisites = createRequisitesContext({ sequelize: deps.db.sequelize, kv: deps.kv, mailer: deps.services.mailer, logger: deps.logger, config: deps.config });
  api.use(requisiteRoutes({ requisites, kv: deps.kv, rateLimits: deps.rateLimits }).routes());
  // Before reviewRoutes: its `/:kind/:uid/:decision` would take the requisites queue's paths.
  api.use(requisiteReviewRoutes({ ...staff, requisites, i18n: deps.services.i18n }).routes());
  api.use(reviewRoutes({ ...staff, orders }).routes());
  api.use(auditRoutes(staff).routes());
  api.use(catalogueAdminRoutes({ ...staff, sequelize: deps.db.sequelize, logger: deps.logger }).routes());
  api.use(paymentDetailRoutes({ ...staff, sequelize: deps.db.sequelize }).routes());
  api.use(maintenanceRoutes({ ...staff, maintenance: deps.maintenance }).routes());
  api.use(blacklistRoutes({ ...staff, blacklist: { sequelize: deps.db.sequelize, models, secretKeys: orders.secretKeys } }).routes());
  api.use(adminUserRoutes(staff).routes());
  const kyc = createKycContext({ sequelize: deps.db.sequelize, kv: deps.kv, mailer: deps.services.mailer, logger: deps.logger, config: deps.config });
  api.use(kycUserRoutes({ ...staff, kyc }).routes());
  api.use(kycStaffRoutes({ ...staff, kyc }).routes());
  api.use(withdrawalRoutes({ withdrawals, kv: deps.kv, rateLimits: deps.rateLimits }).routes());
  api.use(withdrawalStaffRoutes({ ...staff, withdrawals }).routes());
  api.use(referralUserRoutes({ referral, kv: deps.kv }).routes());
  api.use(referralClickRoutes({ referral, rateLimits: deps.rateLimits }).routes());
  api.use(referralAdminRoutes({ ...staff, referral }).routes());
  const keys = { sequelize: deps.db.sequelize, models, secretKeys: appSecretKeys(deps.config), webhooksAllowPrivate: deps.config.webhooksAllowPrivate, kv: deps.kv };
  api.use(apiKeyRoutes({ keys, kv: deps.kv, rateLimits: deps.rateLimits }).routes());
  const { blog } = contexts;
  api.use(blogPublicRoutes({ blog, rateLimits: deps.rateLimits }).routes());
  api.use(blogStaffRoutes({ ...staff, blog }).routes());
  const reviews = createReviewsContext({ sequelize: deps.db.sequelize });
  api.use(publicReviewRoutes({ ...staff, reviews, rateLimits: deps.rateLimits, captcha: deps.services.captcha }).routes());
  api.use(staffReviewRoutes({ ...staff, reviews }).routes());
  const contacts = createContactsContext({ sequelize: deps.db.sequelize, mailer: deps.services.mailer, logger: deps.logger, i18n: deps.services.i18n, config: deps.config });
  api.use(contactRoutes({ ...staff, contacts, rateLimits: deps.rateLimits, captcha: deps.services.captcha }).routes());
  api.use(staffMessageRoutes({ ...staff, contacts }).routes());
  const { content } = contexts;
  api.use(contentRoutes({ content, rateLimits: deps.rateLimits }).routes());
  api.use(contentAdminRoutes({ ...staff, content }).routes());
  return api;
}

/**
 * The partner API's signed call (`POST /api/service/api/v1/{method}`), mounted before apiRoutes:
 * no session, no same-origin check, its own raw-body reading (the signature covers the bytes).
 */
export function signedApiRoutes(deps: Pick<ApiRoutesDeps, 'config' | 'db' | 'rateLimits' | 'maintenance' | 'kv' | 'logger'> & { i18n: ServerI18n; onNonceGate?: (gate: NonceGate) => void }, contexts: DomainContexts): Router<AppState> {
  const methods = createApiMethods({ ...contexts, maintenance: deps.maintenance });
  return signedCallRoutes({
    sequelize: deps.db.sequelize,
    models: initModels(deps.db.sequelize),
    secretKeys: appSecretKeys(deps.config),
    rateLimits: deps.rateLimits,
    maintenance: deps.maintenance,
    methods: [...PARTNER_METHODS, ...methods],
    publicUrl: deps.config.publicUrl,
    i18n: deps.i18n,
    kv: deps.kv,
    logger: deps.logger,
    onNonceGate: deps.onNonceGate,
  });
}
