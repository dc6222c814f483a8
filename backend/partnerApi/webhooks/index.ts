/** The partner API's webhooks: the public entry other domains import. */
export { createWebhooks, deliverWebhooks, enqueueOrderWebhook, sweepWebhooks, type Webhooks } from './outbox';
export type { WebhookOutbox } from './model';
