import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from './app';
import { attachRequisiteSockets } from './requisites/live';
import { attachPartnerSockets } from './ledger/live';
import { attachAccountSockets } from './accounts/sockets';
import { attachKycLive } from './kyc/live';
import { seedCatalogueOnStart } from './catalogue/seedOnStart';
import { seedBlogOnStart } from './blog/seed';
import { watchCatalogueChanges } from './catalogue/invalidation';
import { ensureDataDirs } from './platform/config';
import type { Config } from './platform/config/types';
import { createDatabase, type Database } from './platform/db';
import { createKV } from './platform/kv';
import type { KV } from './platform/kv/types';
import { createLogger, type Logger } from './platform/logger';
import { createRateLimits, type RateLimits } from './platform/security/rateLimit';
import { startRatesStore, type RatesStore } from './rates/store';
import { attachRatesHandlers, roomBroadcast } from './rates/rooms';
import { attachRealtime, type Realtime, type RealtimeIO } from './platform/realtime';
import { attachOrderHandlers } from './orders/sockets';
import { attachOperatorSockets } from './console/sockets';
import { staffPolicy } from './console/policy';
import { startOrderLive, type OrderLive } from './orders/live';
import { findCustomerOrder } from './orders/queries';
import { findOrderChangesSince } from './orders/changedSince';
import { drainMails, MAIL_DRAIN_MS } from './platform/outbox/delivery';
import type { Intake } from './platform/http/closing';
import { startMetricsListener, type MetricsListener } from './system/metrics';
import { buildServices, type Services } from './services';
import { watchAccountChanges } from './accounts/accountCache';
import { initModels, watchKeptTables } from './models';

/** After this long, connections still open during shutdown are cut. */
export const SHUTDOWN_GRACE_MS = 8000;

export interface StartServerOptions {
  logger?: Logger;
  /** Defaults to SHUTDOWN_GRACE_MS. */
  shutdownGraceMs?: number;
  /** Order countdown interval (TICK_MS); 0 sends no ticks by itself (a bench drives the rounds). */
  orderTickMs?: number;
}

export interface RunningServer {
  app: App;
  httpServer: HttpServer;
  io: RealtimeIO;
  db: Database;
  kv: KV;
  /** The translations, mailer and captcha client every part of this process shares (a worker in the same process too). */
  services: Services;
  /** The live rates this process serves and pushes to its sockets. */
  rates: RatesStore;
  /** Order changes and countdowns pushed to this process's order pages and operators. */
  orderLive: OrderLive;
  logger: Logger;
  /** Where this server answers, e.g. http://127.0.0.1:3000 (the real port when PORT=0). */
  url: string;
  port: number;
  /** Where the metrics listener answers (METRICS_PORT), or null when there is none. */
  metricsUrl: string | null;
  /**
   * Shutdown's first step, at once: no new connections (the listener closes), idle kept-alive
   * connections are closed, new requests on the others answer 503; in-flight requests finish.
   */
  stopAccepting(): void;
  /** Stops accepting, lets in-flight requests finish, closes sockets, then the database and KV. */
  close(): Promise<void>;
}

function listen(httpServer: HttpServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, () => {
      httpServer.off('error', reject);
      resolve((httpServer.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts the web role, the composition root of its process: data folders, database with
 * migrations, KV, the shared services (backend/services.ts), the Koa app and Socket.IO on one
 * HTTP server listening on config.port (0 picks a free port).
 */
export async function startServer(config: Config, options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config);
  ensureDataDirs(config);
  const db = await createDatabase(config, logger);
  const kv = createKV(config, logger);
  const services = buildServices(config, logger);
  let realtime: Realtime | undefined;
  let rates: RatesStore | undefined;
  let orderLive: OrderLive | undefined;
  let detachAccounts: (() => Promise<void>) | undefined;
  let rateLimits: RateLimits | undefined;
  let metricsListener: MetricsListener | undefined;
  let unwatchCatalogue: (() => Promise<void>) | undefined;
  let maintenance: { close(): Promise<void> } | undefined;
  try {
    await db.migrate();
    await seedCatalogueOnStart({ config, db, logger });
    await seedBlogOnStart({ sequelize: db.sequelize, logger });
    watchAccountChanges(initModels(db.sequelize), kv, { onError: (error) => logger.warn({ err: error }, 'account version bump failed') });
    watchKeptTables(initModels(db.sequelize), kv, (error) => logger.warn({ err: error }, 'table version bump failed'));
    rates = await startRatesStore({ kv, logger });
    // Catalogue changes made by any process drop this process's catalogue copies at once.
    unwatchCatalogue = await watchCatalogueChanges({ sequelize: db.sequelize, kv, logger });
    rateLimits = createRateLimits(config, logger);
    const intake: Intake = { closing: false };
    const app = createApp({ config, logger, db, kv, rates, rateLimits, services, intake });
    maintenance = app.maintenance;
    const httpServer = createServer(app.callback());
    realtime = attachRealtime(httpServer, { config, logger });
    // Each page's socket watches the pairs (and reserves) it shows; the store's changes reach those rooms.
    rates.broadcastTo(roomBroadcast(realtime.io));
    attachRatesHandlers(realtime.io, { rates, i18n: services.i18n, logger });
    // Open pages switch to (or from) the maintenance notice without a reload.
    const io = realtime.io;
    app.maintenance.onMaintenanceChanged(({ enabled }) => io.local.emit('maintenance:changed', { enabled }));
    // Signed-in sockets join `user:<id>` and are disconnected when that user's sessions end.
    const detachAccountSockets = await attachAccountSockets(realtime.io, { kv, sessionKeys: config.sessionKeys, logger });
    // KYC changes reach the user's pages (`user:<id>`) and the operators' queue.
    const detachKyc = attachKycLive(realtime.io, { kv, logger });
    // Saved requisites' changes reach the user's open pages (`requisites:changed` in `user:<id>`).
    const detachRequisites = attachRequisiteSockets(realtime.io, { kv, logger });
    // The partner's balances and withdrawals (`partner:changed`), the operators' withdrawal list.
    const detachPartner = attachPartnerSockets(realtime.io, { kv, logger });
    detachAccounts = async () => void (await Promise.all([detachAccountSockets(), detachKyc(), detachRequisites(), detachPartner()]));
    // Operators' sockets join `operators`; order pages join `order:<uid>` and get changes and ticks.
    attachOperatorSockets(realtime.io, { db, logger, policy: staffPolicy(config) });
    orderLive = startOrderLive({
      io: realtime.io,
      kv,
      logger,
      tickMs: options.orderTickMs,
      // After a KV outage: what this process's pages and operators missed, from the database.
      changedSince: (since, scope) => findOrderChangesSince(db, since, scope),
    });
    attachOrderHandlers(realtime.io, {
      i18n: services.i18n,
      logger,
      live: orderLive,
      findOrder: (uid, secret) => findCustomerOrder(db, uid, secret),
      rateLimits,
      trustProxy: config.trustProxy,
    });
    await realtime.ready();
    if (config.metrics.port !== null) {
      metricsListener = await startMetricsListener(app.metrics, { port: config.metrics.port, host: config.metrics.host });
      logger.info({ url: metricsListener.url }, 'metrics listener');
    }
    const port = await listen(httpServer, config.port);
    logger.info({ port, publicUrl: config.publicUrl }, 'web server listening');
    const { stopAccepting, close } = gracefulClose({
      httpServer,
      unwatchCatalogue,
      intake,
      realtime,
      detachAccounts,
      orderLive,
      rates,
      rateLimits,
      db,
      kv,
      services,
      metricsListener,
      logger,
      graceMs: options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS,
      maintenance: app.maintenance,
    });
    const url = `http://127.0.0.1:${port}`;
    return { app, httpServer, io: realtime.io, db, kv, services, rates, orderLive, logger, url, port, metricsUrl: metricsListener?.url ?? null, stopAccepting, close };
  } catch (error) {
    await Promise.allSettled([unwatchCatalogue?.(), metricsListener?.close(), detachAccounts?.(), orderLive?.close(), realtime?.close(), rates?.close(), rateLimits?.close(), maintenance?.close()]);
    await Promise.allSettled([db.close(), kv.close()]);
    services.close();
    throw error;
  }
}

interface CloseTargets {
  httpServer: HttpServer;
  unwatchCatalogue: () => Promise<void>;
  intake: Intake;
  realtime: Realtime;
  detachAccounts: () => Promise<void>;
  orderLive: OrderLive;
  rates: RatesStore;
  rateLimits: RateLimits;
  db: Database;
  kv: KV;
  services: Services;
  metricsListener: MetricsListener | undefined;
  logger: Logger;
  graceMs: number;
  maintenance: { close(): Promise<void> };
}

/**
 * One shutdown however often it is asked for. stopAccepting (also the first step of close): the
 * listener closes and requests are refused at once; then sockets, the metrics listener, the order
 * and account mails still queued (until MAIL_DRAIN_MS after the stop), the database and KV, and last the mailer.
 */
function gracefulClose(targets: CloseTargets): Pick<RunningServer, 'stopAccepting' | 'close'> {
  const { httpServer, unwatchCatalogue, intake, realtime, detachAccounts, orderLive, rates, rateLimits, db, kv, services, metricsListener, logger, graceMs, maintenance } = targets;
  let stopped: { at: number; connectionsEnded: Promise<void>; idleSweep: NodeJS.Timeout; forceClose: NodeJS.Timeout } | undefined;
  let closing: Promise<void> | undefined;

  function stopAccepting(): NonNullable<typeof stopped> {
    if (stopped) return stopped;
    intake.closing = true;
    // Resolves once every connection has ended (the listener stops at once).
    const connectionsEnded = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    // Keep-alive connections are closed as soon as they go idle (their last request answered);
    // anything still open after the grace period is cut.
    httpServer.closeIdleConnections();
    const idleSweep = setInterval(() => httpServer.closeIdleConnections(), 100);
    const forceClose = setTimeout(() => httpServer.closeAllConnections(), graceMs);
    stopped = { at: Date.now(), connectionsEnded, idleSweep, forceClose };
    logger.info('web server stopped accepting requests');
    return stopped;
  }

  function close(): Promise<void> {
    closing ??= (async () => {
      const { at, connectionsEnded, idleSweep, forceClose } = stopAccepting();
      try {
        await unwatchCatalogue().catch((error: unknown) => logger.warn({ err: error }, 'catalogue changes unsubscribe failed'));
        await detachAccounts().catch((error: unknown) => logger.warn({ err: error }, 'account socket unsubscribe failed'));
        await orderLive.close().catch((error: unknown) => logger.warn({ err: error }, 'order changes unsubscribe failed'));
        await realtime.close();
        await connectionsEnded;
      } finally {
        clearInterval(idleSweep);
        clearTimeout(forceClose);
      }
      await Promise.allSettled([rates.close(), rateLimits.close(), metricsListener?.close(), maintenance.close()]);
      // Mails queued by the last requests (order and account mails) go out before the process lets go (those left
      // past the budget stay in the outbox for the worker).
      await drainMails(at + MAIL_DRAIN_MS);
      await Promise.allSettled([db.close(), kv.close()]);
      services.close();
      logger.info('web server closed');
    })();
    return closing;
  }

  return { stopAccepting: () => void stopAccepting(), close };
}
