/**
 * Content pages over HTTP. Public: `GET /api/content/pages/{key}?lang=&version=` (rendered HTML,
 * ETag + revalidation). Admins: `GET /api/admin/content/pages` (the list), `GET|PUT
 * /api/admin/content/pages/{key}` (both languages; audited content.update) and `POST
 * /api/admin/content/terms` (a new terms version, audited terms.publish).
 */
import { createHash } from 'node:crypto';
import Router from '@koa/router';
import { isLang } from '../../common/api';
import { contentPageQuerySchema, contentPageUpdateSchema, isContentPageKey, termsPublishSchema, type AdminContentPageListDto, type ContentPageKey } from '../../common/content';
import { ADMIN_ROLES, requireStaff, staffActor, type StaffDeps } from '../console/policy';
import { matchesIfNoneMatch } from '../platform/http/conditional';
import { respond } from '../platform/http/respond';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import { NotFoundError } from '../platform/errors';
import { clientIp, type RateLimits } from '../platform/security/rateLimit';
import { publishTerms, updateContentPage } from './commands';
import type { ContentContext } from './context';
import { adminPageDto, listPages, pageDto } from './queries';

/** Any browser or proxy may keep a page, and asks again each time (a 304 costs no body): an edit shows at once. */
export const CONTENT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Public page reads per address and minute. */
export const CONTENT_READS_PER_MINUTE = 600;

function pageKey(ctx: AppContext): ContentPageKey {
  const key = ctx.params['key'];
  if (!isContentPageKey(key)) throw new NotFoundError();
  return key;
}

export function contentRoutes(deps: { content: ContentContext; rateLimits: RateLimits }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/content' });
  const limit = deps.rateLimits.rateLimit({ name: 'content.read', points: CONTENT_READS_PER_MINUTE, durationSec: 60, key: (ctx) => clientIp(ctx) });
  router.get('/pages/:key', limit, validate(contentPageQuerySchema, 'query'), async function readContentPage(ctx) {
    const key = pageKey(ctx);
    const { lang, version } = ctx.state.input;
    const page = await pageDto(deps.content, key, isLang(lang) ? lang : ctx.state.lang, version);
    const body = JSON.stringify({ success: true, data: page });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    ctx.set('Cache-Control', CONTENT_CACHE_CONTROL);
    ctx.etag = etag;
    if (matchesIfNoneMatch(ctx.get('if-none-match'), etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
  });
  return router;
}

export function contentAdminRoutes(deps: StaffDeps & { content: ContentContext }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/admin/content' });
  router.use(...requireStaff(deps, ADMIN_ROLES));
  router.use(async function noStore(ctx, next) {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  router.get('/pages', async function listContentPages(ctx) {
    const pages = await listPages(deps.content);
    respond<AdminContentPageListDto>(ctx, { pages: pages.map((page) => ({ key: page.key, updatedAt: page.updatedAt.toISOString() })) });
  });
  router.get('/pages/:key', async function readAdminContentPage(ctx) {
    respond(ctx, await adminPageDto(deps.content, pageKey(ctx)));
  });
  router.put('/pages/:key', validate(contentPageUpdateSchema), async function updatePage(ctx) {
    const key = pageKey(ctx);
    await updateContentPage(deps.content, { key, texts: ctx.state.input, actor: staffActor(ctx), ip: ctx.ip || null });
    respond(ctx, await adminPageDto(deps.content, key));
  });
  router.post('/terms', validate(termsPublishSchema), async function publishTermsVersion(ctx) {
    const { bodyRu, bodyEn, publishAt } = ctx.state.input;
    respond(ctx, await publishTerms(deps.content, { bodyRu, bodyEn, publishAt, actor: staffActor(ctx), ip: ctx.ip || null, t: ctx.state.t }), 201);
  });
  return router;
}
