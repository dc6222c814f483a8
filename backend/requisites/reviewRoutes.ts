import Router from '@koa/router';
import { requisiteDecisionSchema, requisiteReviewListSchema, type RequisiteReviewList } from '../../common/requisites';
import { requireStaff, staffActor, type StaffDeps } from '../console/policy';
import { sendOrderFile } from '../console/files';
import type { ServerI18n } from '../platform/i18n';
import { ForbiddenError, NotFoundError } from '../platform/errors';
import { respond } from '../platform/http/respond';
import type { AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import { decideRequisite } from './commands';
import type { RequisitesContext } from './context';
import { requisitePhotoLinkValid, requisitePhotoUrl } from './photoLink';
import { presentRequisite } from './presenters';
import { listRequisiteReviews } from './queries';

function idParam(value: unknown): number {
  const id = String(value ?? '');
  if (!/^\d{1,12}$/.test(id)) throw new NotFoundError();
  return Number(id);
}

/**
 * The console's `requisites` review queue (operator or admin): `GET /operator/reviews/requisites?cursor=`
 * (oldest photo first), `POST /operator/reviews/requisites/{id}/approve|reject` `{reason?}`, and the
 * photo at a short-lived signed link. Mounted before console/reviewRoutes.ts (whose
 * `/:kind/:uid/:decision` would take these paths).
 */
export function requisiteReviewRoutes(deps: StaffDeps & { requisites: RequisitesContext; i18n: ServerI18n }): Router<AppState> {
  const { requisites } = deps;
  const router = new Router<AppState>({ prefix: '/operator/reviews/requisites' });
  router.use(...requireStaff(deps));

  router.get('/', validate(requisiteReviewListSchema, 'query'), async function listRequisiteQueue(ctx) {
    const now = requisites.now();
    const body: RequisiteReviewList = await listRequisiteReviews(requisites.models, ctx.state.input, (row) => requisitePhotoUrl(requisites.secretKeys, row.id, now));
    respond(ctx, body);
  });

  router.get('/:id/photo', async function requisitePhoto(ctx) {
    const id = idParam(ctx.params.id);
    if (!requisitePhotoLinkValid(requisites.secretKeys, id, ctx.query.expires, ctx.query.sig, requisites.now())) throw new ForbiddenError();
    const row = await requisites.models.Requisite.findOne({ where: { id, deletedAt: null } });
    if (!row?.photoKey) throw new NotFoundError();
    await sendOrderFile(ctx, requisites.uploadDir, row.photoKey);
  });

  router.post('/:id/:decision', validate(requisiteDecisionSchema), async function decide(ctx) {
    const decision = ctx.params.decision;
    if (decision !== 'approve' && decision !== 'reject') throw new NotFoundError();
    const row = await decideRequisite(requisites, {
      id: idParam(ctx.params.id),
      decision,
      reason: ctx.state.input.reason ?? null,
      actor: staffActor(ctx),
      ip: ctx.ip,
      translate: (lang, key) => deps.i18n.translator(lang)(key),
    });
    if (!row) throw new NotFoundError();
    respond(ctx, presentRequisite(row, requisites.now()));
  });

  return router;
}
