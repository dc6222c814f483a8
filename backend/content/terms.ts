/**
 * The terms of use in force: the version published last at or before `now` (a scheduled version
 * is not current before its time). Registration and order creation record its number.
 */
import { Op, type Transaction } from 'sequelize';
import type { Models, TermsVersion } from '../models';

/** The version in force at `now`, or null when none is published. */
export async function currentTerms(models: Pick<Models, 'TermsVersion'>, now: Date, transaction?: Transaction): Promise<TermsVersion | null> {
  return models.TermsVersion.findOne({
    where: { publishedAt: { [Op.lte]: now } },
    order: [
      ['publishedAt', 'DESC'],
      ['version', 'DESC'],
    ],
    transaction,
  });
}

/** The number of the version in force at `now` (null when none is published). */
export async function currentTermsVersion(models: Pick<Models, 'TermsVersion'>, now: Date, transaction?: Transaction): Promise<number | null> {
  return (await currentTerms(models, now, transaction))?.version ?? null;
}
