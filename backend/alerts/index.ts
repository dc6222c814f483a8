/** Staff alerts to a Telegram chat: the public entry other domains import. */
export { createAlerts, enqueueAlert, type Alerts } from './outbox';
export type { Alert, AlertKind } from './texts';
