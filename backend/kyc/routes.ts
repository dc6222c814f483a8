import Router from '@koa/router';
import { KYC_DECISIONS, KYC_FILE_FIELDS, type KycDecision, type KycFileKind } from '../../common/kyc';
import { requireUser, signedInUser } from '../accounts/requireUser';
import { requireStaff, staffActor, type StaffDeps } from '../console/policy';
import { sendOrderFile } from '../console/files';
import { NotFoundError, ValidationError } from '../platform/errors';
import type { AppState } from '../platform/http/types';
import { respond } from '../platform/http/respond';
import { validate } from '../platform/http/validate';
import { receivedFiles, receiveFiles, removeStoredImage, storeImage } from '../uploads';
import { checkKycOpen, decideKyc, submitKyc } from './commands';
import type { KycContext } from './context';
import { viewKycFile } from './files';
import { kycStatusOf, listKycQueue } from './queries';
import { kycDecisionSchema } from './schemas';

/** The upload path takes a multipart body: the API's JSON-only body parser lets it through. */
export const KYC_UPLOAD_PATH = /^\/api\/user\/kyc$/;

/**
 * The user's side: `GET /user/kyc` → {status, reason, final}; `POST /user/kyc` (multipart,
 * `document` + `selfie`): refused (4xx) before the body is read when no submission is open, then
 * both images checked, re-encoded and stored (backend/uploads) and submitted; files of a refused
 * submission are removed.
 */
export function kycUserRoutes(deps: StaffDeps & { kyc: KycContext }): Router<AppState> {
  const { kyc } = deps;
  const router = new Router<AppState>({ prefix: '/user/kyc' });
  router.use(requireUser(deps));

  router.get('/', async function kycStatus(ctx) {
    respond(ctx, await kycStatusOf(kyc.accounts.models, signedInUser(ctx)));
  });

  router.post('/', async function kycOpen(ctx, next) {
    await checkKycOpen(kyc, signedInUser(ctx));
    await next();
  }, receiveFiles(KYC_FILE_FIELDS), async function kycSubmit(ctx) {
    const files = receivedFiles(ctx);
    const stored: string[] = [];
    try {
      for (const field of KYC_FILE_FIELDS) stored.push((await storeImage(kyc.uploadDir, files[field]!, 'kyc')).key);
      const user = signedInUser(ctx);
      await submitKyc(kyc, { userId: user.id, documentKey: stored[0]!, selfieKey: stored[1]! });
      respond(ctx, await kycStatusOf(kyc.accounts.models, { id: user.id, kycStatus: 'check' }));
    } catch (error) {
      await Promise.all(stored.map((key) => removeStoredImage(kyc.uploadDir, key).catch(() => undefined)));
      throw error;
    }
  });

  return router;
}

/**
 * The staff side (operator or admin): `POST /operator/kyc/{userId}/approve|reject` `{reason, final}`
 * and the signed file links `GET /operator/kyc/files/{submission}/{document|selfie}?expires=&sig=`.
 */
export function kycStaffRoutes(deps: StaffDeps & { kyc: KycContext }): Router<AppState> {
  const { kyc } = deps;
  const router = new Router<AppState>({ prefix: '/operator/kyc' });
  router.use(...requireStaff(deps));

  router.get('/files/:id/:kind', async function kycFile(ctx) {
    const id = Number(ctx.params.id);
    const kind = ctx.params.kind as KycFileKind;
    if (!Number.isSafeInteger(id) || id < 1 || !KYC_FILE_FIELDS.includes(kind)) throw new NotFoundError();
    const key = await viewKycFile(kyc.accounts, { id, kind, expires: ctx.query.expires, sig: ctx.query.sig, actor: staffActor(ctx), ip: ctx.ip });
    await sendOrderFile(ctx, kyc.uploadDir, key);
  });

  router.post('/:userId/:decision', validate(kycDecisionSchema), async function kycDecide(ctx) {
    const userId = Number(ctx.params.userId);
    const decision = ctx.params.decision as KycDecision;
    if (!Number.isSafeInteger(userId) || userId < 1 || !KYC_DECISIONS.includes(decision)) throw new NotFoundError();
    const reason = ctx.state.input.reason?.trim() || null;
    if (decision === 'reject' && !reason) throw new ValidationError({ reason: ctx.state.t('validation.required') });
    await decideKyc(kyc, { userId, decision, reason, final: Boolean(ctx.state.input.final), actor: staffActor(ctx), ip: ctx.ip });
    respond(ctx, await listKycQueue(kyc.accounts, null));
  });

  return router;
}
