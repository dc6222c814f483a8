/**
 * The retention of KYC files: a decided submission's document and selfie are deleted
 * KYC_RETENTION_DAYS after the decision; the row (the decision, who made it, when) stays.
 */
import { Op } from 'sequelize';
import type { Models } from '../models';
import { removeStoredImage } from '../uploads';

const BATCH = 100;

/** Deletes the files past retention; answers how many submissions lost their files. */
export async function deleteExpiredKycFiles(
  ctx: { models: Pick<Models, 'KycSubmission'>; uploadDir: string; retentionDays: number },
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - ctx.retentionDays * 24 * 3600 * 1000);
  const due = await ctx.models.KycSubmission.findAll({
    where: { filesDeletedAt: null, decidedAt: { [Op.lt]: before } },
    order: [['id', 'ASC']],
    limit: BATCH,
  });
  for (const submission of due) {
    for (const key of [submission.documentKey, submission.selfieKey]) if (key) await removeStoredImage(ctx.uploadDir, key);
    await ctx.models.KycSubmission.update({ documentKey: null, selfieKey: null, filesDeletedAt: now }, { where: { id: submission.id } });
  }
  return due.length;
}
