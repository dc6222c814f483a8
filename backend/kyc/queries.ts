import { Op } from 'sequelize';
import type { KycQueueItem, KycQueueList, KycStatusDto } from '../../common/kyc';
import { kycViewStatus } from '../../common/kyc';
import type { Models, User } from '../models';
import { kycFileUrl } from './files';

export const KYC_QUEUE_PAGE = 20;

/** `GET /api/user/kyc`: the user's status, and the reason and finality of a refusal. */
export async function kycStatusOf(models: Pick<Models, 'KycSubmission'>, user: Pick<User, 'id' | 'kycStatus'>): Promise<KycStatusDto> {
  const status = kycViewStatus(user.kycStatus);
  if (status !== 'blocked') return { status, reason: null, final: false };
  const last = await models.KycSubmission.findOne({ where: { userId: user.id }, order: [['id', 'DESC']], attributes: ['reason', 'final'] });
  return { status, reason: last?.reason ?? null, final: Boolean(last?.final) };
}

/** The operators' queue: submissions waiting for a decision, oldest first, after `cursor` (an id). */
export async function listKycQueue(
  ctx: { models: Pick<Models, 'KycSubmission' | 'User'>; secretKeys: readonly string[]; now: () => Date },
  cursor: number | null,
): Promise<KycQueueList> {
  const { models } = ctx;
  const rows = await models.KycSubmission.findAll({
    where: { status: 'check', ...(cursor === null ? {} : { id: { [Op.gt]: cursor } }) },
    order: [['id', 'ASC']],
    limit: KYC_QUEUE_PAGE + 1,
  });
  const page = rows.slice(0, KYC_QUEUE_PAGE);
  const users = await models.User.findAll({ where: { id: { [Op.in]: [...new Set(page.map((row) => row.userId))] } }, attributes: ['id', 'email', 'firstName', 'secondName'] });
  const byId = new Map(users.map((user) => [user.id, user]));
  const now = ctx.now();
  const items = page.map((row): KycQueueItem => {
    const user = byId.get(row.userId);
    const name = [user?.firstName, user?.secondName].filter(Boolean).join(' ');
    return {
      id: row.id,
      userId: row.userId,
      email: user?.email ?? '',
      name: name || null,
      submittedAt: row.createdAt.toISOString(),
      document: row.documentKey ? kycFileUrl(ctx.secretKeys, row.id, 'document', now) : null,
      selfie: row.selfieKey ? kycFileUrl(ctx.secretKeys, row.id, 'selfie', now) : null,
    };
  });
  return { items, nextCursor: rows.length > KYC_QUEUE_PAGE ? String(page[page.length - 1]!.id) : null };
}
