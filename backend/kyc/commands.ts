/**
 * The KYC commands, each one write in writeAccount (the account mails' outbox in the same
 * transaction), announced live after the commit: a user submits (status check), a decision
 * approves (approve: Verified) or refuses (blocked: Not Verified, with the reason the user sees,
 * final or not) — decisions audited in their transaction.
 */
import type { Transaction } from 'sequelize';
import type { KycDecision } from '../../common/kyc';
import { recordAudit, type AuditActor } from '../audit/record';
import { writeAccount } from '../accounts/context';
import type { User } from '../models';
import type { KycContext } from './context';
import { KycNotPending, KycPending, KycRefusedFinal, KycVerified } from './errors';
import { publishKycChange } from './live';

const VERIFICATION_LINK = '/user-actions/verification';

/** Refuses a submission the user may not make now (asked before the files are read, and again in the write). */
export async function checkKycOpen(ctx: KycContext, user: Pick<User, 'id' | 'kycStatus'>, transaction?: Transaction): Promise<void> {
  if (user.kycStatus === 'check') throw new KycPending();
  if (user.kycStatus === 'approve') throw new KycVerified();
  const last = await ctx.accounts.models.KycSubmission.findOne({ where: { userId: user.id }, order: [['id', 'DESC']], attributes: ['status', 'final'], transaction });
  if (last?.status === 'blocked' && last.final) throw new KycRefusedFinal();
}

/** A new submission with the stored files' keys: the user's status becomes `check`. */
export async function submitKyc(ctx: KycContext, props: { userId: number; documentKey: string; selfieKey: string }): Promise<void> {
  const { models } = ctx.accounts;
  await writeAccount(ctx.accounts, async (write) => {
    const { transaction } = write;
    const user = await models.User.findByPk(props.userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw new KycNotPending();
    await checkKycOpen(ctx, user, transaction);
    const submission = await models.KycSubmission.create(
      { userId: user.id, provider: ctx.provider.name, documentKey: props.documentKey, selfieKey: props.selfieKey, status: 'check' },
      { transaction },
    );
    const status = await ctx.provider.begin(submission, transaction);
    await submission.update({ status }, { transaction });
    await user.update({ kycStatus: status }, { transaction });
    await write.mail(user, 'kycSubmitted', { link: VERIFICATION_LINK });
  });
  await publishKycChange(ctx.accounts, { userId: props.userId, status: 'check' });
}

export interface DecideKycProps {
  userId: number;
  decision: KycDecision;
  /** Shown to the user on a refusal. */
  reason: string | null;
  /** A refusal after which no new submission is accepted. */
  final: boolean;
  actor: AuditActor | null;
  ip?: string | null;
}

/** Decides the user's pending submission (409 kyc_not_pending when none waits), audited. */
export async function decideKyc(ctx: KycContext, props: DecideKycProps): Promise<void> {
  const { models } = ctx.accounts;
  const status = props.decision === 'approve' ? 'approve' : 'blocked';
  const reason = status === 'blocked' ? props.reason : null;
  const final = status === 'blocked' && props.final;
  await writeAccount(ctx.accounts, async (write) => {
    const { transaction } = write;
    const user = await models.User.findByPk(props.userId, { transaction, lock: transaction.LOCK.UPDATE });
    const submission = user
      ? await models.KycSubmission.findOne({ where: { userId: user.id, status: 'check' }, order: [['id', 'DESC']], transaction })
      : null;
    if (!user || !submission) throw new KycNotPending();
    const decidedAt = ctx.accounts.now();
    const [changed] = await models.KycSubmission.update(
      { status, reason, final, decidedById: props.actor?.id ?? null, decidedAt },
      { where: { id: submission.id, status: 'check' }, transaction },
    );
    if (changed !== 1) throw new KycNotPending();
    const before = { kycStatus: user.kycStatus };
    await user.update({ kycStatus: status }, { transaction });
    await recordAudit(models, transaction, {
      actor: props.actor,
      ip: props.ip ?? null,
      action: props.decision === 'approve' ? 'kyc.approve' : 'kyc.reject',
      target: { type: 'user', id: user.id },
      before,
      after: { kycStatus: status, submission: submission.id, reason, final },
    });
    if (status === 'approve') await write.mail(user, 'kycApproved', { link: '/user/profile' });
    else await write.mail(user, final ? 'kycRefusedFinal' : 'kycRejected', { link: VERIFICATION_LINK, reason: reason ?? '' });
  });
  await publishKycChange(ctx.accounts, { userId: props.userId, status });
}
