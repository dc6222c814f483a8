import Router from '@koa/router';
import type { Database } from '../platform/db';
import type { Config } from '../platform/config/types';
import type { KV } from '../platform/kv/types';
import type { Metrics } from '../platform/metrics';
import type { AppState } from '../platform/http/types';
import { configRoutes } from './publicConfig';
import { healthRoutes } from './health';
import { metricsRoutes } from './metrics';

export interface SystemRoutesDeps {
  config: Config;
  db: Pick<Database, 'ping'>;
  kv: KV;
  metrics: Metrics;
  maintenance?: { isOn(): Promise<boolean> };
}

/**
 * Probes, metrics (to METRICS_TOKEN's bearer only) and public config: no session, no body, so they
 * answer while Redis is down.
 */
export function systemRoutes(deps: SystemRoutesDeps): Router<AppState> {
  const system = new Router<AppState>();
  const api = new Router<AppState>({ prefix: '/api' });
  api.use(healthRoutes({ db: deps.db, kv: deps.kv }).routes());
  api.use(configRoutes(deps.config, deps.maintenance).routes());
  system.use(api.routes());
  system.use(metricsRoutes(deps.metrics, deps.config.metrics.token).routes());
  return system;
}
