/** The blacklist (backend/blacklist): what staff see and send. Never part of a customer's answer. */
export const BLACKLIST_KINDS = ['wallet', 'card', 'email', 'ip'] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];

/** `refuse`: the order is not created; `hold`: it is created and put on hold for review. */
export const BLACKLIST_ACTIONS = ['refuse', 'hold'] as const;
export type BlacklistAction = (typeof BLACKLIST_ACTIONS)[number];

export const BLACKLIST_REASON_MAX = 500;

/** One entry as staff see it: a card shows only its last four digits. */
export interface BlacklistEntryDto {
  id: number;
  kind: BlacklistKind;
  /** wallet/email: the normalised value; ip: the CIDR range; card: null (see last4). */
  value: string | null;
  last4: string | null;
  action: BlacklistAction;
  reason: string;
  createdById: number | null;
  createdAt: string;
}

/** `POST /api/admin/blacklist` */
export interface BlacklistEntryInput {
  kind: BlacklistKind;
  value: string;
  action: BlacklistAction;
  reason: string;
}

/** `GET /api/admin/blacklist?kind=&cursor=` */
export interface BlacklistList {
  entries: BlacklistEntryDto[];
  nextCursor: string | null;
}

/** Why an order matched (the operator order DTO's `blacklistMatch`). */
export interface BlacklistMatch {
  kind: BlacklistKind;
  reason: string;
  entryId: number;
}
