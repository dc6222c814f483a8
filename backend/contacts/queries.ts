import { Op } from 'sequelize';
import { MESSAGES_PAGE_SIZE, type MessagesListQuery } from '../../common/contacts';
import type { ContactMessage, Models } from '../models';

/** The console's list: newest first, with the count of unread messages. */
export async function listContactMessages(
  models: Pick<Models, 'ContactMessage'>,
  query: MessagesListQuery,
): Promise<{ rows: ContactMessage[]; nextCursor: string | null; unread: number }> {
  const rows = await models.ContactMessage.findAll({
    where: query.cursor ? { id: { [Op.lt]: Number(query.cursor) } } : {},
    order: [['id', 'DESC']],
    limit: MESSAGES_PAGE_SIZE + 1,
  });
  const shown = rows.slice(0, MESSAGES_PAGE_SIZE);
  const unread = await models.ContactMessage.count({ where: { readAt: null } });
  return { rows: shown, nextCursor: rows.length > MESSAGES_PAGE_SIZE ? String(shown.at(-1)!.id) : null, unread };
}
