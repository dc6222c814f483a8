import { Op, type WhereOptions } from 'sequelize';
import { DIRECTIONS_PAGE_SIZE, type DirectionListQuery } from '../../../common/catalogueAdmin';
import type { Asset, Direction, Models } from '../../models';
import { compareAssets } from '../repository';

/** Every asset, enabled or not, in catalogue order. */
export async function listAdminAssets(models: Pick<Models, 'Asset'>): Promise<Asset[]> {
  const assets = await models.Asset.findAll();
  return assets.sort(compareAssets);
}

/** One page of directions, enabled or not, by `from` then `to` code, with the filter's total. */
export async function listAdminDirections(
  models: Pick<Models, 'Direction'>,
  query: DirectionListQuery,
): Promise<{ directions: Direction[]; total: number; page: number; pageSize: number }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DIRECTIONS_PAGE_SIZE;
  const where: WhereOptions[] = [];
  if (query.from) where.push({ fromCode: query.from });
  if (query.to) where.push({ toCode: query.to });
  if (query.enabled) where.push({ enabled: query.enabled === 'true' });
  if (query.manual) where.push({ manual: query.manual === 'true' });
  if (query.q) {
    // Codes are upper-case letters and digits (validated): a LIKE pattern without wildcards of its own.
    const part = `%${query.q.toUpperCase()}%`;
    where.push({ [Op.or]: [{ fromCode: { [Op.like]: part } }, { toCode: { [Op.like]: part } }] });
  }
  const { rows, count } = await models.Direction.findAndCountAll({
    where: { [Op.and]: where },
    order: [
      ['fromCode', 'ASC'],
      ['toCode', 'ASC'],
    ],
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { directions: rows, total: count, page, pageSize };
}
