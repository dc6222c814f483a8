/**
 * KYC files to staff only: never on a public path, opened through short-lived signed links
 * (platform/security/signedLink.ts) behind the staff policy, each view audited (`kyc.file_view`).
 */
import type { KycFileKind } from '../../common/kyc';
import { recordAudit, type AuditActor } from '../audit/record';
import { linkSignatureValid, signLink } from '../platform/security/signedLink';
import { BOARD_FILE_LINK_TTL_SECONDS } from '../../common/board';
import type { Models } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { ForbiddenError, NotFoundError } from '../platform/errors';

const subject = (id: number, kind: KycFileKind) => `kyc-file:${id}:${kind}`;

/** `/api/operator/kyc/files/{submission}/{document|selfie}?expires=&sig=` */
export function kycFileUrl(secretKeys: readonly string[], id: number, kind: KycFileKind, now: Date): string {
  return `/api/operator/kyc/files/${id}/${kind}?${signLink(secretKeys, subject(id, kind), now, BOARD_FILE_LINK_TTL_SECONDS)}`;
}

/**
 * Checks a file link (403 when tampered with, expired or signed for another file), records the
 * view and answers the stored key (404 when the file is gone: retention removed it).
 */
export async function viewKycFile(
  ctx: { models: Pick<Models, 'KycSubmission' | 'AuditRecord'>; secretKeys: readonly string[]; now: () => Date },
  props: { id: number; kind: KycFileKind; expires: unknown; sig: unknown; actor: AuditActor; ip: string | null },
): Promise<string> {
  if (!linkSignatureValid(ctx.secretKeys, subject(props.id, props.kind), props.expires, props.sig, ctx.now(), BOARD_FILE_LINK_TTL_SECONDS)) throw new ForbiddenError();
  const { models } = ctx;
  return writeTransaction(models.KycSubmission.sequelize!, async (transaction) => {
    const submission = await models.KycSubmission.findByPk(props.id, { transaction });
    const key = props.kind === 'document' ? submission?.documentKey : submission?.selfieKey;
    if (!submission || !key) throw new NotFoundError();
    await recordAudit(models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: 'kyc.file_view',
      target: { type: 'kyc_submission', id: submission.id },
      after: { kind: props.kind, userId: submission.userId },
    });
    return key;
  });
}
