import Router from '@koa/router';
import {
  partnerPercentSchema,
  referralClickSchema,
  referralSettingsSchema,
  referredExchangesQuerySchema,
  type ReferralSettings,
} from '../../common/referral';
import { requireUser, signedInUser } from '../accounts/requireUser';
import { ADMIN_ROLES, requireStaff, staffActor, type StaffDeps } from '../console/policy';
import { NotFoundError } from '../platform/errors';
import { respond } from '../platform/http/respond';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import type { KV } from '../platform/kv/types';
import { clientIp, type RateLimits } from '../platform/security/rateLimit';
import { recordClick, setPartnerPercent } from './commands';
import type { ReferralContext } from './context';
import { listReferredExchanges, partnerSummary } from './queries';
import { readReferralSettings, writeReferralSettings } from './settings';

/** Click beacons per address an hour: a person follows a few links, not hundreds. */
export const REFERRAL_CLICKS_PER_HOUR = 30;

/** `GET /api/user/partner` (the summary; the code is given on first visit) and `GET /api/user/partner/exchanges?cursor=`. */
export function referralUserRoutes(deps: { referral: ReferralContext; kv: KV }): Router<AppState> {
  const { referral } = deps;
  const router = new Router<AppState>({ prefix: '/user/partner' });
  router.use(requireUser({ kv: deps.kv, models: referral.models }));

  router.get('/', async function getPartnerSummary(ctx) {
    respond(ctx, await partnerSummary(referral, signedInUser(ctx).id));
  });

  router.get('/exchanges', validate(referredExchangesQuerySchema, 'query'), async function listPartnerExchanges(ctx) {
    respond(ctx, await listReferredExchanges(referral, signedInUser(ctx).id, ctx.state.input));
  });

  return router;
}

/**
 * `POST /api/referral/clicks` `{code, path?}`: the SPA's one beacon when it stores a new `?r=`
 * code. The server takes the time, the address (kept only as a keyed hash) and the browser from
 * the request itself, records only codes that name a partner, and limits each address
 * (REFERRAL_CLICKS_PER_HOUR); the answer is the same whether or not the code was recorded.
 */
export function referralClickRoutes(deps: { referral: ReferralContext; rateLimits: RateLimits }): Router<AppState> {
  const { referral } = deps;
  const router = new Router<AppState>({ prefix: '/referral' });
  const limitClicks = deps.rateLimits.rateLimit({ name: 'referral.click', points: REFERRAL_CLICKS_PER_HOUR, durationSec: 3600, key: (ctx) => clientIp(ctx) });

  router.post('/clicks', limitClicks, validate(referralClickSchema), async function postReferralClick(ctx) {
    const input = ctx.state.input;
    await recordClick(referral, { code: input.code, ip: clientIp(ctx), userAgent: ctx.get('User-Agent'), path: input.path ?? null });
    respond(ctx, null);
  });

  return router;
}

function userIdParam(ctx: AppContext): number {
  const id = String(ctx.params.userId ?? '');
  if (!/^\d{1,12}$/.test(id)) throw new NotFoundError();
  return Number(id);
}

/** Admins: `GET/PUT /api/admin/referral/settings` (ReferralSettings) and `PUT /api/admin/referral/partners/{userId}` `{percent}`, audited. */
export function referralAdminRoutes(deps: StaffDeps & { referral: ReferralContext }): Router<AppState> {
  const { referral } = deps;
  const router = new Router<AppState>({ prefix: '/admin/referral' });
  router.use(...requireStaff(deps, ADMIN_ROLES));

  router.get('/settings', async function getReferralSettings(ctx) {
    const body: ReferralSettings = await readReferralSettings(referral.models);
    respond(ctx, body);
  });

  router.put('/settings', validate(referralSettingsSchema), async function putReferralSettings(ctx) {
    const settings = ctx.state.input as ReferralSettings;
    respond(ctx, await writeReferralSettings(referral, { settings, actor: staffActor(ctx), ip: ctx.ip }));
  });

  router.put('/partners/:userId', validate(partnerPercentSchema), async function putPartnerPercent(ctx) {
    const percent = (ctx.state.input as { percent: string | null }).percent;
    respond(ctx, await setPartnerPercent(referral, { userId: userIdParam(ctx), percent: percent === null ? null : percent.trim(), actor: staffActor(ctx), ip: ctx.ip }));
  });

  return router;
}
