/** Domain enumerations shared by both sides (spec §3, §4). */

export const ASSET_TYPES = ['coin', 'fiat', 'cash'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
/** Tabs of the asset modal: every type plus `all`. */
export const ASSET_TABS = ['all', ...ASSET_TYPES] as const;
export type AssetTab = (typeof ASSET_TABS)[number];

export const ORDER_STATUSES = [
  'new', // waiting / in processing
  'progress', // payment received, paid soon
  'done', // paid
  'hold', // frozen for extra verification
  'warning', // payment issue
  'error', // payment issue
  'returned',
  'deleted', // expired or manually closed
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Values of the exchange-history status filter (spec §4). */
export const HISTORY_FILTERS = ['all', 'new', 'inProgress', 'done', 'returned', 'deleted'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

export const KYC_STATUSES = ['approve', 'blocked', 'check'] as const;

export const RATE_TYPES = ['fixed', 'float'] as const;
export type RateType = (typeof RATE_TYPES)[number];

export const USER_ROLES = ['user', 'operator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
