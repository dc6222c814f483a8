import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import type { BuildManifest, PublicConfig } from '../../common/api';
import type { Config } from '../platform/config/types';
import type { AppState } from '../platform/http/types';
import { respond } from '../platform/http/respond';

/** The id of the build being served, from `<staticDir>/builds/latest.json`; null without one. */
export async function readBuildId(staticDir: string): Promise<string | null> {
  try {
    const manifest = JSON.parse(await readFile(path.join(staticDir, 'builds', 'latest.json'), 'utf8')) as Partial<BuildManifest>;
    return typeof manifest.buildId === 'string' && manifest.buildId !== '' ? manifest.buildId : null;
  } catch {
    return null;
  }
}

/** The configuration the browser may see: never secrets. */
/** `maintenance`: the run-time switch (./maintenance.ts); MAINTENANCE=1 alone without one. */
export async function presentPublicConfig(config: Config, maintenance?: { isOn(): Promise<boolean> }): Promise<PublicConfig> {
  return {
    publicUrl: config.publicUrl,
    buildId: await readBuildId(config.staticDir),
    supportUrl: config.supportUrl,
    analyticsId: config.analyticsId,
    chatWidgetId: config.chatWidgetId,
    chatWidgetProvider: config.chatWidgetId ? config.chatWidgetProvider : null,
    recaptchaV2SiteKey: config.recaptcha.v2SiteKey,
    recaptchaV3SiteKey: config.recaptcha.v3SiteKey,
    maintenance: maintenance ? await maintenance.isOn() : config.maintenance,
  };
}

/** `GET /config` → PublicConfig. */
export function configRoutes(config: Config, maintenance?: { isOn(): Promise<boolean> }): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/config', async function publicConfig(ctx) {
    ctx.set('Cache-Control', 'no-cache');
    respond(ctx, await presentPublicConfig(config, maintenance));
  });
  return router;
}
