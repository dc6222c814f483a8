import { Op, type WhereOptions } from 'sequelize';
import { cardNumberDigits, type RequisiteReviewItem } from '../../common/requisites';
import type { Models, Requisite } from '../models';
import { openRequisiteNumber, requisiteHashes } from './numbers';
import { shownStatus, expiryText } from './presenters';

export const REQUISITE_REVIEW_PAGE = 50;

/** The user's requisites (deleted ones never), newest first. */
export function listUserRequisites(models: Pick<Models, 'Requisite'>, userId: number): Promise<Requisite[]> {
  return models.Requisite.findAll({ where: { userId, deletedAt: null }, order: [['createdAt', 'DESC'], ['id', 'DESC']] });
}

/** One of the user's requisites (another user's, or a deleted one: null, so the caller answers 404). */
export function findUserRequisite(models: Pick<Models, 'Requisite'>, userId: number, id: number): Promise<Requisite | null> {
  return models.Requisite.findOne({ where: { id, userId, deletedAt: null } });
}

/**
 * Whether `account` is a card the user saved and an operator verified, not past its date: the
 * one question createOrder's card check asks (orders/createOrder.ts cardCheckFor).
 */
export async function isVerifiedCardOf(
  models: Pick<Models, 'Requisite'>,
  keys: readonly string[],
  userId: number,
  account: string | null | undefined,
  now: Date,
): Promise<boolean> {
  const digits = account ? cardNumberDigits(account) : null;
  if (!digits) return false;
  const rows = await models.Requisite.findAll({
    where: { userId, kind: 'card', status: 'verified', deletedAt: null, numberHash: requisiteHashes(keys, 'card', digits) },
  });
  return rows.some((row) => shownStatus(row, now) === 'verified');
}

/**
 * The digits of the user's saved card `id` when an operator verified it and it is not past its
 * date (a withdrawal to "one of my verified cards" names the card by its id: the page never holds
 * the full number); null otherwise, another user's card included.
 */
export async function verifiedCardNumberOf(
  models: Pick<Models, 'Requisite'>,
  keys: readonly string[],
  userId: number,
  id: number,
  now: Date,
): Promise<string | null> {
  const row = await findUserRequisite(models, userId, id);
  if (!row || row.kind !== 'card' || shownStatus(row, now) !== 'verified') return null;
  return openRequisiteNumber(keys, userId, row.numberSealed);
}

/** `<ms>_<id>` of the last item seen. */
function parseCursor(cursor: string | undefined): { at: Date; id: number } | null {
  const match = cursor ? /^(\d{1,15})_(\d{1,12})$/.exec(cursor) : null;
  return match ? { at: new Date(Number(match[1])), id: Number(match[2]) } : null;
}

/** The operators' `requisites` queue: cards with a photo waiting for a decision, oldest photo first. */
export async function listRequisiteReviews(
  models: Pick<Models, 'Requisite' | 'User'>,
  query: { cursor?: string },
  photoUrl: (row: Requisite) => string,
): Promise<{ items: RequisiteReviewItem[]; nextCursor: string | null }> {
  const where: WhereOptions[] = [{ status: 'pending', deletedAt: null, photoKey: { [Op.ne]: null } }];
  const cursor = parseCursor(query.cursor);
  if (cursor) where.push({ [Op.or]: [{ photoAt: { [Op.gt]: cursor.at } }, { photoAt: cursor.at, id: { [Op.gt]: cursor.id } }] });
  const rows = await models.Requisite.findAll({ where: { [Op.and]: where }, order: [['photoAt', 'ASC'], ['id', 'ASC']], limit: REQUISITE_REVIEW_PAGE + 1 });
  const page = rows.slice(0, REQUISITE_REVIEW_PAGE);
  const users = await models.User.findAll({ where: { id: [...new Set(page.map((row) => row.userId))] }, attributes: ['id', 'email'] });
  const emails = new Map(users.map((user) => [user.id, user.email]));
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      id: row.id,
      userId: row.userId,
      email: emails.get(row.userId) ?? '',
      asset: row.assetCode,
      masked: row.masked,
      holder: row.holder,
      expires: expiryText(row),
      shared: row.shared,
      uploadedAt: (row.photoAt ?? row.updatedAt).toISOString(),
      photoUrl: photoUrl(row),
    })),
    nextCursor: rows.length > REQUISITE_REVIEW_PAGE && last ? `${(last.photoAt ?? last.updatedAt).getTime()}_${last.id}` : null,
  };
}
