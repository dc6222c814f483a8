/**
 * The partner API's webhooks (table `webhook_outbox`, migration 0024). Every status change of an
 * order made through a key (orders/change.ts `changeOrder`: customer, operator, expiry, the
 * blacklist's hold) writes one row in the change's own transaction (`enqueueOrderWebhook`) when the
 * order's callback URL — its own from order_create, else its key's — is set and the key not
 * deleted; the payload is final (the order as order_get presents it). Creation writes none: the
 * partner has the order in order_create's answer. After the commit the row is handed to the
 * process's queue (`deliverWebhooks`), so it arrives at once; the worker's webhook job
 * (./job.ts, `sweepWebhooks`) sends what is due later, by WEBHOOK_RETRY_DELAYS_MS (1 min … 24 h,
 * then given up), with the claim and give-up rules every outbox shares (platform/outbox/delivery.ts);
 * an order's webhooks go out in the order they were written (a later one waits behind a retried one).
 *
 * At send time the key is read again (deleted, disabled, or its owner not active: given up), the
 * URL checked again against private addresses (given up unless WEBHOOKS_ALLOW_PRIVATE=1) and the
 * POST connected to the address checked (./send.ts). The body `{eventId, event, order, time}`
 * carries the send time, so a retry is a fresh signature of the same eventId.
 */
import type { Sequelize, Transaction } from 'sequelize';
import type { PartnerWebhook } from '../../../common/partnerApi';
import { initModels, type Models } from '../../models';
import type { OrderView } from '../../orders/view';
import type { Config } from '../../platform/config/types';
import type { Logger } from '../../platform/logger';
import {
  attemptDelivery,
  contextOutboxTable,
  enqueueMail,
  MAIL_LOCK_MS,
  MAIL_SWEEP_BATCH,
  PermanentMailError,
  sweepOutbox,
  waitBehindEarlier,
  type MailAttempt,
  type OutboxTable,
} from '../../platform/outbox/delivery';
import { appSecretKeys, openWithAny } from '../../platform/security/secretBox';
import { resolveCallbackUrl, systemResolver, type HostResolver } from '../callbackUrl';
import { presentPartnerOrder } from '../methods/present';
import { apiKeySealContext } from '../models/ApiKey';
import { signBody } from '../signature';
import type { WebhookOutbox } from './model';
import { postWebhook, receiverStatusOf } from './send';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The waits after each failed attempt; the attempt after the last is the last (8 in all, over about 45 h). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];

/** What writing and sending webhooks needs: built once per process (`createWebhooks`). */
export interface Webhooks {
  sequelize: Sequelize;
  models: Models;
  /** Open key secrets and order links with any (security/secretBox). */
  secretKeys: readonly string[];
  /** WEBHOOKS_ALLOW_PRIVATE=1 (tests). */
  allowPrivate: boolean;
  logger: Logger;
  now: () => Date;
  /** DNS (tests: a resolver of their own, to prove the POST goes to the address checked). */
  resolve: HostResolver;
  timeoutMs?: number;
}

export function createWebhooks(deps: {
  sequelize: Sequelize;
  config: Pick<Config, 'webhooksAllowPrivate' | 'sessionKeys'>;
  logger: Logger;
  now?: () => Date;
  resolve?: HostResolver;
}): Webhooks {
  return {
    sequelize: deps.sequelize,
    models: initModels(deps.sequelize),
    secretKeys: appSecretKeys(deps.config),
    allowPrivate: deps.config.webhooksAllowPrivate,
    logger: deps.logger,
    now: deps.now ?? (() => new Date()),
    resolve: deps.resolve ?? systemResolver,
  };
}

/** The one eventId of the change that brought the order to `version`. */
export function orderEventId(uid: string, version: number): string {
  return `ord_${uid}_v${version}`;
}

/**
 * Inside the change's transaction, once the order's status moved: writes its webhook, claimed
 * by this process until the commit hands it over. Null (nothing written): not an API order, no
 * callback URL, or its key deleted.
 */
export async function enqueueOrderWebhook(webhooks: Webhooks, transaction: Transaction, view: OrderView): Promise<WebhookOutbox | null> {
  const { order } = view;
  if (order.apiKeyId === null || order.apiKeyId === undefined) return null;
  const key = await webhooks.models.ApiKey.findOne({ where: { id: order.apiKeyId, deletedAt: null }, attributes: ['id', 'callbackUrl'], transaction });
  if (!key || (order.callbackUrl ?? key.callbackUrl) === null) return null;
  const now = webhooks.now();
  return webhooks.models.WebhookOutbox.create(
    {
      apiKeyId: key.id,
      orderId: order.id,
      orderUid: order.uid,
      eventId: orderEventId(order.uid, order.version),
      event: 'order.status',
      payload: JSON.stringify(presentPartnerOrder(webhooks, view)),
      lastStatus: null,
      nextAttemptAt: now,
      lockedUntil: new Date(now.getTime() + MAIL_LOCK_MS),
    },
    { transaction },
  );
}

function webhookTable(webhooks: Webhooks): OutboxTable {
  return contextOutboxTable(webhooks, webhooks.models.WebhookOutbox, {
    label: 'partner webhook',
    describe: (row) => ({ eventId: (row as WebhookOutbox).eventId }),
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    outcomeValues: (outcome) => ({ lastStatus: 'sent' in outcome ? outcome.sent : receiverStatusOf(outcome.error) }),
  });
}

/** After the commit: hands the rows written to the process's queue (sent on the next turns, in order). */
export function deliverWebhooks(webhooks: Webhooks, rows: readonly WebhookOutbox[]): void {
  const table = webhookTable(webhooks);
  for (const row of rows) enqueueMail(webhooks, table, row.id, () => attemptWebhook(webhooks, row, true));
}

/** The webhook's request as it is sent now: the URL, the checked address, the signed body. */
async function prepareWebhook(webhooks: Webhooks, row: WebhookOutbox) {
  const { ApiKey, User, Order } = webhooks.models;
  const key = await ApiKey.findByPk(row.apiKeyId);
  if (!key || key.deletedAt) throw new PermanentMailError('the API key was deleted');
  if (!key.enabled) throw new PermanentMailError('the API key is disabled');
  const owner = await User.findByPk(key.userId, { attributes: ['id', 'status'] });
  if (owner?.status !== 'active') throw new PermanentMailError("the key's owner is not active");
  const order = await Order.findByPk(row.orderId, { attributes: ['id', 'callbackUrl'] });
  const url = order?.callbackUrl ?? key.callbackUrl;
  if (!url) throw new PermanentMailError('no callback URL');
  const { check, address } = await resolveCallbackUrl(url, webhooks.allowPrivate, webhooks.resolve);
  if (check === 'private') throw new PermanentMailError('the callback URL resolves to a private or loopback address');
  if (check === 'unresolvable' || !address) throw new Error('the callback host does not resolve');
  let secret: string;
  try {
    secret = openWithAny(key.secretSealed, webhooks.secretKeys, { context: apiKeySealContext(key.publicKey) }).plaintext;
  } catch {
    throw new PermanentMailError('the key secret cannot be opened');
  }
  const webhook: PartnerWebhook = { eventId: row.eventId, event: row.event, order: JSON.parse(row.payload) as unknown, time: webhooks.now().getTime() };
  const body = JSON.stringify(webhook);
  return { url, address, body, headers: { apikey: key.publicKey, hash: signBody(body, secret) } };
}

/**
 * One attempt at one webhook (`wroteIt`: this process wrote it and holds the claim). One behind an
 * earlier webhook of its order still being retried waits ('waiting'): the partner never gets a
 * later status before an earlier one.
 */
export async function attemptWebhook(webhooks: Webhooks, row: WebhookOutbox, wroteIt: boolean): Promise<MailAttempt> {
  const table = webhookTable(webhooks);
  if (await waitBehindEarlier(table, row, { orderId: row.orderId })) return 'waiting';
  return attemptDelivery(table, row, wroteIt, async () => postWebhook({ ...(await prepareWebhook(webhooks, row)), timeoutMs: webhooks.timeoutMs }));
}

/** The job's pass: the webhooks due at `webhooks.now()`, oldest first, at most `limit`, sent in turn. */
export function sweepWebhooks(webhooks: Webhooks, limit = MAIL_SWEEP_BATCH): Promise<Record<MailAttempt, number>> {
  return sweepOutbox(webhooks.models.WebhookOutbox, webhooks.now(), limit, (row) => attemptWebhook(webhooks, row, false));
}
