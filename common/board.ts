/**
 * The operator order board (issue 12): the contract between the board's API
 * (backend/console/board*.ts) and its page. Amounts are decimal strings, times ISO 8601.
 *
 * List:    GET  /api/operator/orders?<BoardFilters>&cursor=      → BoardOrderList
 * CSV:     GET  /api/operator/orders.csv?<BoardFilters>          → text/csv (BOARD_CSV_MAX_ROWS at most)
 * Drawer:  GET  /api/operator/orders/{uid}                       → BoardOrderDrawer
 * Claim:   POST /api/operator/orders/{uid}/claim                 → BoardOrderRow (409 `order_claimed`)
 * Release: POST /api/operator/orders/{uid}/release               → BoardOrderRow (the holder or an admin)
 * Reassign:POST /api/operator/orders/{uid}/reassign {userId}     → BoardOrderRow (admin only)
 * Seen:    POST /api/operator/orders/{uid}/seen                  → BoardOrderRow
 * Notes:   GET  /api/operator/orders/{uid}/notes                 → BoardNoteList
 *          POST /api/operator/orders/{uid}/notes {text}          → BoardNoteDto
 * Escalate:POST /api/operator/orders/{uid}/escalate {reason}     → BoardOrderRow
 * Files:   GET  /api/operator/orders/{uid}/signed/{kind}?expires=&sig= (the URLs of BoardFileLinks;
 *          403 when expired or tampered; a staff session is required too)
 *
 * Live: every board change is sent to the `operators` room as `operators:board` (BoardOrderEvent);
 * status changes keep coming as `operators:order`.
 */
import type { OrderStatus } from './enums';
import type { OperatorHistoryEntry, OperatorOrderSummary, OrderSide, PaymentDetails } from './orders';

/** Query parameter names of the list and the CSV (all optional, combined with AND). */
export const BOARD_FILTERS = [
  'status',
  'from',
  'to',
  'asset',
  'assigned',
  'seen',
  'createdFrom',
  'createdTo',
  'amountMin',
  'amountMax',
  'q',
] as const;
export type BoardFilterName = (typeof BOARD_FILTERS)[number];

/** `assigned`: `me`, `none`, or a staff user id (digits). */
export const BOARD_ASSIGNED_SPECIAL = ['me', 'none'] as const;
export type BoardAssigned = (typeof BOARD_ASSIGNED_SPECIAL)[number] | `${number}`;
export const BOARD_SEEN_VALUES = ['yes', 'no'] as const;
export type BoardSeen = (typeof BOARD_SEEN_VALUES)[number];

/**
 * The filters as query strings. `from` / `to`: asset codes of the direction's sides; `asset`:
 * either side. `createdFrom` / `createdTo`: ISO times, inclusive. `amountMin` / `amountMax`:
 * decimal strings on amountSend, inclusive, compared exactly. `seen`: by the caller.
 * `q`: an order uid, an e-mail, a wallet/account (sender, receiver or refund account), or
 * exactly 4 digits = the last 4 digits of a card number (sender or receiver account).
 */
export interface BoardFilters {
  status?: OrderStatus;
  from?: string;
  to?: string;
  asset?: string;
  assigned?: BoardAssigned;
  seen?: BoardSeen;
  createdFrom?: string;
  createdTo?: string;
  amountMin?: string;
  amountMax?: string;
  q?: string;
}

/** `q` of exactly this shape searches the last 4 digits of card numbers. */
export const BOARD_CARD_LAST4_PATTERN = /^\d{4}$/;
/** Longest `q`. */
export const BOARD_Q_MAX_LENGTH = 255;
/** Rows per page of the list (cursor = the last id seen, newest first). */
export const BOARD_PAGE_SIZE = 50;
/** Rows of the CSV export at most. */
export const BOARD_CSV_MAX_ROWS = 50_000;
/** Longest note and escalation reason. */
export const BOARD_NOTE_MAX_LENGTH = 2000;
export const BOARD_ESCALATION_MAX_LENGTH = 500;
/** How long a signed file link works. */
export const BOARD_FILE_LINK_TTL_SECONDS = 5 * 60;
export const BOARD_FILE_KINDS = ['card', 'receipt'] as const;
export type BoardFileKind = (typeof BOARD_FILE_KINDS)[number];

/** A staff member as the board names them. */
export interface BoardStaffRef {
  id: number;
  email: string;
}

/** What the board adds to an order of the list (and to every board answer). */
export interface BoardOrderFields {
  /** Who holds (claimed) the order; null when nobody does. */
  assignedTo: BoardStaffRef | null;
  assignedAt: string | null;
  /** Whether the CALLER marked the order seen (per operator). */
  seen: boolean;
  escalated: boolean;
  escalatedAt: string | null;
  escalationReason: string | null;
  /** The order's owner is a verified user (KYC approved): shown as a priority mark. */
  priority: boolean;
}

/**
 * The answer of every board command: the operator's order without its history and where to pay
 * (the drawer has both), plus the board's fields, read in one SELECT (backend/console/board.ts).
 * The list sends less of each order: BoardListRow.
 */
export type BoardOrderRow = OperatorOrderSummary & BoardOrderFields;

/**
 * The order's fields a row of the list carries: what the board's table shows (uid, e-mail, ref,
 * created, amounts, status and its exception, delete reason, blacklist match, card check, files),
 * what its actions need (the status table's facts: common/orderRules.ts `dtoFacts`, the amount and
 * the refund address they start from), what the live merge compares (`version`) and the `id` the
 * cursor is made of. The rest of an
 * order (accounts, rates, comment, extra fields, timestamps…) is the drawer's: it loads the whole
 * order when it opens.
 */
export const BOARD_LIST_ORDER_FIELDS = [
  'id',
  'uid',
  'version',
  'status',
  'deleteReason',
  'exception',
  'blacklistMatch',
  'email',
  'ref',
  'createdAt',
  'amountSend',
  'amountReceive',
  'receivedAmount',
  'confirmedAt',
  'paidAt',
  'expiresAt',
  'cardCheck',
  'cardPhoto',
  'receipt',
  'receiptUploaded',
  'receiptCheck',
  'refundAddress',
] as const satisfies ReadonlyArray<keyof OperatorOrderSummary>;
export type BoardListOrderField = (typeof BOARD_LIST_ORDER_FIELDS)[number];

/**
 * A row of the board's table: the order's list fields, both sides, and the board's marks the table
 * shows (holder, seen, escalated, priority). Every board answer (a command's BoardOrderRow, the
 * drawer) and an `operators:order` event (a whole OperatorOrderDto) carries at least this, so the
 * client merges them into its rows as they are.
 */
export type BoardTableRow = Pick<OperatorOrderSummary, BoardListOrderField | 'from' | 'to'> & Pick<BoardOrderFields, 'assignedTo' | 'seen' | 'escalated' | 'priority'>;

/**
 * A row of the list as it is sent: the table's row, `from` and `to` as the sides' asset codes; the
 * sides themselves come once a page, in the list's `assets` (a page repeats a handful of directions
 * fifty times).
 */
export type BoardListRow = Omit<BoardTableRow, 'from' | 'to'> & { from: string; to: string };

/** `GET /api/operator/orders` */
export interface BoardOrderList {
  orders: BoardListRow[];
  /** Every side the page's rows name, by asset code. */
  assets: Record<string, OrderSide>;
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** The page's rows with their sides again (each row's `from` and `to` put back from `assets`). */
export function boardRowsOf(list: Pick<BoardOrderList, 'orders' | 'assets'>): BoardTableRow[] {
  return list.orders.map((row) => ({ ...row, from: list.assets[row.from]!, to: list.assets[row.to]! }));
}

/** Short-lived signed URLs of the order's files (null when the order has none of that kind). */
export interface BoardFileLinks {
  card: string | null;
  receipt: string | null;
}

/**
 * `GET /api/operator/orders/{uid}`: everything about one order.
 *
 * Profit, in the RECEIVE asset (decimal string, may be negative):
 *   profit = base × marketRate − amountReceive
 * where base = receivedAmount once the funds were received, else amountSend, and marketRate is
 * the market rate before the markup recorded at the order's creation. Null when marketRate is
 * unknown (orders created before it was recorded, or no rate then).
 */
export interface BoardOrderDrawer extends BoardOrderRow {
  /** Every change, oldest first, with the staff member who made it. */
  history: OperatorHistoryEntry[];
  /** Where the customer pays (null once closed, or when no details show). */
  payment: PaymentDetails | null;
  notesCount: number;
  /** The rate the order was created at (units of `to` per 1 `from`). */
  rateAtCreation: string;
  /** The market rate (before the markup) at creation; null when unknown. */
  marketRate: string | null;
  /** The direction's rate when the `received` action happened; null before it. */
  rateAtReceipt: string | null;
  profit: string | null;
  /**
   * The profit in USDT fixed when the order was done (backend/referral/profit.ts): the market value
   * of what the service received minus that of what it paid out, at the prices of that moment.
   * Null before done, or when a price was missing then.
   */
  profitUsdt: string | null;
  fileLinks: BoardFileLinks;
}

/** An internal note of staff on an order: never shown to customers. */
export interface BoardNoteDto {
  id: number;
  orderUid: string;
  author: BoardStaffRef | null;
  text: string;
  createdAt: string;
}

/** `GET /api/operator/orders/{uid}/notes`: oldest first. */
export interface BoardNoteList {
  notes: BoardNoteDto[];
}

/** `POST .../notes` */
export interface BoardNoteRequest {
  text: string;
}

/** `POST .../reassign` */
export interface BoardReassignRequest {
  userId: number;
}

/** `POST .../escalate` */
export interface BoardEscalateRequest {
  reason: string;
}

/** The 409 of a claim lost to someone else: `error.code`, and the message names the holder's e-mail. */
export const BOARD_CLAIM_ERROR = 'order_claimed' as const;

/** What a board change was. */
export const BOARD_CHANGES = ['claim', 'release', 'reassign', 'note', 'escalate', 'seen'] as const;
export type BoardChange = (typeof BOARD_CHANGES)[number];

/**
 * `operators:board` to the `operators` room after a board change. `seen` in `order` is false
 * (it is per operator): a client keeps its own value unless `change` is `seen` by itself.
 */
export interface BoardOrderEvent {
  uid: string;
  change: BoardChange;
  /** Who made the change. */
  by: BoardStaffRef;
  assignedTo: BoardStaffRef | null;
  assignedAt: string | null;
  escalated: boolean;
  escalatedAt: string | null;
  escalationReason: string | null;
  notesCount: number;
  at: string;
}

/** Event name of the live board changes. */
export const BOARD_EVENT = 'operators:board' as const;

/** CSV columns in order (headers translated by `lang`: `board.csv.<column>`). */
export const BOARD_CSV_COLUMNS = [
  'uid',
  'createdAt',
  'status',
  'from',
  'to',
  'amountSend',
  'amountReceive',
  'rate',
  'email',
  'senderAccount',
  'receiverAccount',
  'assignedTo',
  'escalated',
] as const;
export type BoardCsvColumn = (typeof BOARD_CSV_COLUMNS)[number];
