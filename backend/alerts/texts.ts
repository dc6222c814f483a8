/**
 * What each staff alert says, in ALERT_LANG (locales/{ru,en}/alerts.json): the order's uid and
 * amounts as decimal strings, and the link to the console. Plain text (no parse_mode): nothing a
 * customer typed can break the message's markup.
 */
import type { Translate } from '../platform/i18n';

export type Alert =
  | { kind: 'orderCreated'; uid: string; amountSend: string; from: string; amountReceive: string; to: string }
  /** The customer says they paid: someone checks the funds. */
  | { kind: 'orderPaid'; uid: string; amountSend: string; from: string }
  /** An operator recorded the funds that arrived. */
  | { kind: 'fundsReceived'; uid: string; amount: string; from: string }
  /** Something waits for a review: a card photo or a receipt was uploaded. */
  | { kind: 'reviewWaiting'; uid: string; what: 'cardPhoto' | 'receipt' }
  /** The rates job sees directions resting on stale prices (it just started to). */
  | { kind: 'ratesStale'; directions: number }
  /** Runtime maintenance switched on or off (PUT /api/admin/maintenance). */
  | { kind: 'maintenance'; enabled: boolean; actor: string | null };

export type AlertKind = Alert['kind'];

/** The console's address the alerts link to. */
export function consoleUrl(publicUrl: string): string {
  return `${publicUrl}/operator`;
}

/** The alert's text: a headline and the console link. */
export function alertText(t: Translate, alert: Alert, publicUrl: string): string {
  const link = consoleUrl(publicUrl);
  switch (alert.kind) {
    case 'orderCreated':
    case 'orderPaid':
    case 'fundsReceived':
      return `${t(`alerts.${alert.kind}`, { ...alert })}\n${link}`;
    case 'reviewWaiting':
      return `${t(`alerts.reviewWaiting.${alert.what}`, { uid: alert.uid })}\n${link}`;
    case 'ratesStale':
      return `${t('alerts.ratesStale', { count: alert.directions })}\n${link}`;
    case 'maintenance':
      return `${t(alert.enabled ? 'alerts.maintenanceOn' : 'alerts.maintenanceOff', { actor: alert.actor ?? t('alerts.system') })}\n${link}`;
  }
}
