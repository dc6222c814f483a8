/** The delivery log of `/user/api`: a key's webhooks, newest first, a page at a time. */
import { Op, type WhereOptions } from 'sequelize';
import { WEBHOOK_DELIVERIES_PAGE, type WebhookDeliveryDto, type WebhookDeliveryList } from '../../../common/partnerApi';
import type { ApiKey, Models } from '../../models';
import type { WebhookOutbox } from './model';

export function presentWebhookDelivery(row: WebhookOutbox): WebhookDeliveryDto {
  const status = row.sentAt ? 'delivered' : row.failedAt ? 'failed' : 'pending';
  return {
    eventId: row.eventId,
    event: row.event,
    orderUid: row.orderUid,
    status,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    nextAttemptAt: status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** The page of `key`'s deliveries older than `cursor` (the last id of the previous page). */
export async function listWebhookDeliveries(models: Pick<Models, 'WebhookOutbox'>, key: ApiKey, cursor?: string): Promise<WebhookDeliveryList> {
  const where: WhereOptions<WebhookOutbox> = cursor ? { apiKeyId: key.id, id: { [Op.lt]: Number(cursor) } } : { apiKeyId: key.id };
  const rows = await models.WebhookOutbox.findAll({ where, order: [['id', 'DESC']], limit: WEBHOOK_DELIVERIES_PAGE + 1 });
  const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE);
  return { items: page.map(presentWebhookDelivery), nextCursor: rows.length > WEBHOOK_DELIVERIES_PAGE ? String(page[page.length - 1]!.id) : null };
}
