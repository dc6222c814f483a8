/**
 * The terms of use in force: the version published last at or before `now` (a scheduled version
 * is not current before its time). Registration and order creation record its number; they ask
 * `currentTermsVersion`, which reads the versions' numbers and dates from the table's kept form
 * (platform/db/keptTable.ts: every new order would otherwise read the table) when the process
 * watches the table, and from the table otherwise.
 */
import { Op, type Transaction } from 'sequelize';
import type { Models, TermsVersion } from '../models';
import { keptTable } from '../platform/db/keptTable';

/** A version's number and the time it takes effect, latest first (then the higher number). */
type Schedule = ReadonlyArray<{ version: number; publishedAt: number }>;

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

async function readSchedule(models: Pick<Models, 'TermsVersion'>): Promise<Schedule> {
  const rows = await models.TermsVersion.findAll({
    attributes: ['version', 'publishedAt'],
    order: [
      ['publishedAt', 'DESC'],
      ['version', 'DESC'],
    ],
  });
  return rows.map((row) => ({ version: row.version, publishedAt: row.publishedAt.getTime() }));
}

/**
 * The number of the version in force at `now` (null when none is published), as `currentTerms`
 * chooses it. Read outside any transaction (the kept form is shared by the whole process).
 */
export async function currentTermsVersion(models: Pick<Models, 'TermsVersion'>, now: Date): Promise<number | null> {
  const kept = keptTable(models.TermsVersion, 'schedule', () => readSchedule(models));
  const schedule = kept ? await kept.get() : await readSchedule(models);
  const at = now.getTime();
  return schedule.find((entry) => entry.publishedAt <= at)?.version ?? null;
}
