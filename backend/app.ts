import Koa from 'koa';
import type { Config } from './platform/config/types';
import type { Database } from './platform/db';
import type { ServerI18n } from './platform/i18n';
import type { KV } from './platform/kv/types';
import type { Logger } from './platform/logger';
import { createMetrics, type Metrics } from './platform/metrics';
import { noteArrival, refuseWhileClosing, type Intake } from './platform/http/closing';
import { compressAnswers } from './platform/http/compress';
import { errorHandler } from './platform/http/errorHandler';
import { httpMetrics } from './platform/http/httpMetrics';
import { lang } from './platform/http/lang';
import { navigation } from './platform/http/navigation';
import { requestLogger } from './platform/http/requestLogger';
import { securityHeaders } from './platform/http/securityHeaders';
import { spa } from './platform/http/spa';
import type { AppState } from './platform/http/types';
import { unmatchedApi } from './platform/http/unmatchedApi';
import type { RatesView } from './rates/store';
import { apiRoutes, domainContexts, signedApiRoutes } from './api';
import type { NonceGate } from './partnerApi/nonce';
import { exportRoutes } from './export/routes';
import { systemRoutes } from './system/routes';
import type { RateLimits } from './platform/security/rateLimit';
import type { Services } from './services';
import { createMaintenance, type Maintenance } from './system/maintenance';
import { createAlerts } from './alerts';
import { findCustomerOrder } from './orders/queries';
import { createSeo, type PageRegistry } from './seo';
import { blogSource, contentSource } from './seo/sources';
import { contentRevision, publishedContentPage } from './content/queries';
import { CONTENT_PAGE_KEYS } from '../common/content';
import { listPublishedPosts, postsRevision } from './blog';

export interface AppDeps {
  config: Config;
  logger: Logger;
  db: Pick<Database, 'ping' | 'sequelize'>;
  kv: KV;
  /** The live rates this process serves (REST and monitoring exports). */
  rates: RatesView;
  /** Brute-force limiters (Redis with an in-memory insurance), built by the caller, who closes them. */
  rateLimits: RateLimits;
  /** The process's translations, mailer and captcha client (backend/services.ts); the caller closes them. */
  services: Services;
  /** Set to closing by the server on shutdown: new requests are refused from then on. */
  intake?: Readonly<Intake>;
}

export type App = Koa<AppState> & {
  /** This app's Prometheus registry and HTTP histogram. */
  metrics: Metrics;
  i18n: ServerI18n;
  /** The run-time maintenance switch of this app (system/maintenance.ts); the server closes it. */
  maintenance: Maintenance;
  /** The partner API's nonce gate (partnerApi/nonce.ts): `settle()` waits for its writes behind. */
  partnerNonces?: NonceGate;
  /** The public page sources behind the rendered heads and the sitemap (backend/seo). */
  pages: PageRegistry;
};

/**
 * Builds the Koa app without listening (tests and server.ts use it). Order: request log and
 * metrics see the final status; security headers cover error answers too; answers of 1 KB and
 * more are compressed (error envelopes included); the error middleware translates with the
 * request's language; during shutdown new requests are refused right after it (503,
 * Connection: close); then navigation redirects, the monitoring exports,
 * probes, the API and the SPA.
 */
export function createApp(deps: AppDeps): App {
  const { config, logger, kv } = deps;
  // Behind one trusted proxy only its own X-Forwarded-For entry counts: a client cannot pick its IP.
  // SESSION_KEYS sign the session cookie (the first signs, all verify).
  const app = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: config.trustProxy ? 1 : 0, keys: config.sessionKeys }) as App;
  app.metrics = createMetrics();
  app.i18n = deps.services.i18n;
  app.silent = true;
  app.maintenance = createMaintenance({
    config,
    kv,
    sequelize: deps.db.sequelize,
    logger,
    alerts: createAlerts({ sequelize: deps.db.sequelize, config, i18n: deps.services.i18n }),
  });

  const routeDeps = { app, config, logger, kv, db: deps.db, rates: deps.rates, rateLimits: deps.rateLimits, services: deps.services, maintenance: app.maintenance };
  const contexts = domainContexts(routeDeps);
  const api = apiRoutes(routeDeps, contexts);
  const seo = createSeo({ publicUrl: config.publicUrl, staticDir: config.staticDir, i18n: app.i18n, sequelize: deps.db.sequelize, catalogue: contexts.catalogue, rates: deps.rates, findOrder: (uid, secret) => findCustomerOrder(deps.db, uid, secret), logger });
  app.pages = seo.registry;
  app.pages.add(blogSource((lang) => listPublishedPosts(contexts.blog, { lang }), () => postsRevision(contexts.blog)));
  app.pages.add(contentSource((key, lang) => publishedContentPage(contexts.content, key, lang), Object.fromEntries(CONTENT_PAGE_KEYS.map((key) => [key, key])), () => contentRevision(contexts.content)));
  const system = systemRoutes({ config, db: deps.db, kv, metrics: app.metrics, maintenance: app.maintenance });

  const intake = deps.intake ?? { closing: false };
  app.use(noteArrival(intake));
  app.use(requestLogger(logger));
  app.use(httpMetrics(app.metrics));
  const captcha = Boolean(config.recaptcha.v2SiteKey || config.recaptcha.v3SiteKey);
  const counters = { analytics: config.analyticsId !== null, chat: config.chatWidgetId ? config.chatWidgetProvider : null };
  app.use(securityHeaders({ https: new URL(config.publicUrl).protocol === 'https:', captcha, counters }));
  app.use(lang(app.i18n));
  app.use(compressAnswers());
  app.use(errorHandler());
  app.use(refuseWhileClosing(intake));
  app.use(navigation());
  app.use(exportRoutes({ rates: deps.rates, maintenance: app.maintenance }));
  app.use(system.routes());
  const onNonceGate = (gate: NonceGate) => {
    app.partnerNonces = gate;
  };
  app.use(signedApiRoutes({ config, logger, kv, db: deps.db, rateLimits: deps.rateLimits, maintenance: app.maintenance, i18n: app.i18n, onNonceGate }, contexts).routes());
  app.use(api.routes());
  app.use(unmatchedApi());
  app.use(seo.files);
  app.use(spa(config.staticDir, seo.pages));
  return app;
}
