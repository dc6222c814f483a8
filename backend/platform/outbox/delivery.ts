/**
 * How an outbox table's rows are sent, shared by every outbox (the generic `mail_outbox` of
 * platform/mail/outbox.ts, the orders' `order_mails`, the staff alerts' `alert_outbox`, the partner webhooks' `webhook_outbox`): a row written in its change's transaction and claimed
 * there (`lockedUntil` = now + MAIL_LOCK_MS) is handed after the commit to the process's mail queue
 * (`enqueueMail`), which sends one mail at a time per mailer in the order they were queued, on the
 * next turn of the event loop — the request never waits for rendering or SMTP. One attempt
 * (`attemptDelivery`) claims a row it does not hold with a conditional update, sends, and records
 * the outcome: sent; a failure retried with a growing delay (1 min, 2, 4… at most 1 h) until
 * MAIL_MAX_ATTEMPTS, or by the table's own schedule (`retryDelaysMs`: the partner webhooks' reaches
 * a day); a final refusal (SMTP 5xx, PermanentMailError) given up at once. The worker's
 * passes take the rows `dueMails` selects (`sweepOutbox`). `settleMails` waits for what is queued so far (tests);
 * `drainMails` (shutdown) waits until a deadline and releases the claims of the rest for the worker.
 */
import { Op, type Model, type ModelStatic, type Sequelize, type WhereOptions } from 'sequelize';
import { writeStatement } from '../db/transaction';
import type { Logger } from '../logger';

/** How long the process that claimed a mail has to send it before another may. */
export const MAIL_LOCK_MS = 2 * 60_000;
/** Attempts before a mail is given up (`failedAt`). */
export const MAIL_MAX_ATTEMPTS = 8;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
/** How long shutdown waits for the queued mails before leaving the rest to the worker. */
export const MAIL_DRAIN_MS = 3000;
/** Mails the worker takes per pass at most. */
export const MAIL_SWEEP_BATCH = 100;

/** The wait before the next attempt, after `failures` failed attempts (1 min, doubling, at most 1 h). */
export function mailRetryDelayMs(failures: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS);
}

/** A mail no later attempt can send. */
export class PermanentMailError extends Error {}

/** A failure whose receiver said when to try again (HTTP 429 `retry_after`): that wait replaces the backoff. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** Whether a failure is final: ours (PermanentMailError), or an SMTP 5xx answer (nodemailer's `responseCode`). */
export function isPermanentMailError(error: unknown): boolean {
  if (error instanceof PermanentMailError) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export type MailAttempt = 'sent' | 'retry' | 'failed' | 'waiting' | 'taken';

/** The columns every outbox table has. */
export interface OutboxRow {
  id: number;
  attempts: number;
  lockedUntil: Date | null;
}

/** One outbox table as this module works on it. Keep one object per table and context: the drain groups by it. */
export interface OutboxTable {
  sequelize: Sequelize;
  model: ModelStatic<Model>;
  logger: Logger;
  now: () => Date;
  /** How log lines name these mails ("order email"). */
  label: string;
  /** Fields that name a mail in log lines besides its id. */
  describe?(mail: OutboxRow): Record<string, unknown>;
  /** Values written with the outcome once a mail is done (sent or given up): e.g. its secrets erased. */
  whenDone?: Record<string, unknown>;
  /**
   * The waits after the 1st, 2nd… failed attempt; the attempt after the last wait is the last one
   * (given up when it fails). Without it: mailRetryDelayMs until MAIL_MAX_ATTEMPTS.
   */
  retryDelaysMs?: readonly number[];
  /** Values written with each attempt's outcome (what `send` threw, or what it resolved with), e.g. the receiver's HTTP status. */
  outcomeValues?(outcome: { error: unknown } | { sent: unknown }): Record<string, unknown>;
}

/** The attempts `table` makes before giving a row up. */
export function maxAttemptsOf(table: Pick<OutboxTable, 'retryDelaysMs'>): number {
  return table.retryDelaysMs ? table.retryDelaysMs.length + 1 : MAIL_MAX_ATTEMPTS;
}

/** The wait before the next attempt of `table`'s row after `failures` failed attempts. */
export function retryDelayOf(table: Pick<OutboxTable, 'retryDelaysMs'>, failures: number): number {
  const schedule = table.retryDelaysMs;
  if (!schedule) return mailRetryDelayMs(failures);
  return schedule[Math.min(Math.max(0, failures - 1), schedule.length - 1)]!;
}

const tables = new WeakMap<object, OutboxTable>();

/** The one OutboxTable of `owner` (a domain's context), built on first use. */
export function outboxTableOf(owner: object, build: () => OutboxTable): OutboxTable {
  let table = tables.get(owner);
  if (!table) {
    table = build();
    tables.set(owner, table);
  }
  return table;
}

/** The one OutboxTable of a domain's context `ctx` (its database, logger and clock) over `model`, built on first use. */
export function contextOutboxTable(
  ctx: Pick<OutboxTable, 'sequelize' | 'logger' | 'now'>,
  model: ModelStatic<OutboxRow & Model>,
  table: Pick<OutboxTable, 'label' | 'describe' | 'whenDone' | 'retryDelaysMs' | 'outcomeValues'>,
): OutboxTable {
  return outboxTableOf(ctx, () => ({ sequelize: ctx.sequelize, model: model as unknown as OutboxTable['model'], logger: ctx.logger, now: ctx.now, ...table }));
}

/** The mails a pass may take at `now`: not sent, not given up, retry time reached, no live claim. */
export function dueMails(now: Date): WhereOptions {
  return {
    sentAt: { [Op.is]: null },
    failedAt: { [Op.is]: null },
    nextAttemptAt: { [Op.lte]: now },
    [Op.or]: [{ lockedUntil: { [Op.is]: null } }, { lockedUntil: { [Op.lte]: now } }],
  } as WhereOptions;
}

/** One change of outbox rows: one UPDATE, in the writer's turn on SQLite (a write beside a turn could meet SQLITE_BUSY). */
export async function updateMails(table: OutboxTable, values: Record<string, unknown>, where: WhereOptions): Promise<number> {
  const [count] = await writeStatement(table.sequelize, (transaction) => table.model.update(values, { where, transaction }));
  return count;
}

/** How long a row waits behind an earlier one of its group that is being sent now. */
export const WAIT_BEHIND_MS = 5000;

/**
 * Rows sent in the order they were written within a group (an order's mails, an order's
 * webhooks): when an earlier row of the group (`group`: the where of its rows) is neither sent nor
 * given up, `row` is put off until that one is due again (or WAIT_BEHIND_MS when it is being sent
 * now) and true is returned ('waiting'): a later row never overtakes an earlier one, and waiting
 * rows never crowd the head of a pass.
 */
export async function waitBehindEarlier(table: OutboxTable, row: OutboxRow, group: WhereOptions): Promise<boolean> {
  const earlier = await table.model.findOne({
    attributes: ['id', 'nextAttemptAt'],
    where: { ...group, id: { [Op.lt]: row.id }, sentAt: { [Op.is]: null }, failedAt: { [Op.is]: null } } as WhereOptions,
    order: [['nextAttemptAt', 'DESC']],
  });
  if (!earlier) return false;
  const due = (earlier.get('nextAttemptAt') as Date).getTime();
  const notBefore = new Date(Math.max(due, table.now().getTime() + WAIT_BEHIND_MS));
  await updateMails(table, { lockedUntil: null, nextAttemptAt: notBefore }, { id: row.id, sentAt: { [Op.is]: null } } as WhereOptions);
  return true;
}

/**
 * One attempt at one mail. `wroteIt`: this process wrote it and holds the claim (while it lasts);
 * otherwise it is claimed here with a conditional update, and a process that got it first wins
 * ('taken'). `send` renders and sends it; what it throws decides between a retry and giving up.
 */
export async function attemptDelivery(table: OutboxTable, mail: OutboxRow, wroteIt: boolean, send: () => Promise<unknown>): Promise<Exclude<MailAttempt, 'waiting'>> {
  const now = table.now();
  // A claim that lapsed while the mail sat in a long queue is no claim: take it like any other.
  const claimed = wroteIt && mail.lockedUntil !== null && mail.lockedUntil > now;
  if (!claimed) {
    const count = await updateMails(table, { lockedUntil: new Date(now.getTime() + MAIL_LOCK_MS) }, { id: mail.id, ...dueMails(now) } as WhereOptions);
    if (count !== 1) return 'taken';
  }
  const attempts = mail.attempts + 1;
  let sent: unknown;
  try {
    sent = await send();
  } catch (error) {
    const failed = attempts >= maxAttemptsOf(table) || isPermanentMailError(error);
    const message = error instanceof Error ? error.message : String(error);
    table.logger.error(
      { err: error, mailId: mail.id, ...table.describe?.(mail), attempts, failed },
      failed ? `${table.label} given up` : `${table.label} not sent, will retry`,
    );
    // A receiver's retry_after is a floor: rounded up to the second, which MySQL DATETIME keeps.
    const retryAt =
      error instanceof RetryLaterError
        ? new Date(Math.ceil((table.now().getTime() + error.retryAfterMs) / 1000) * 1000)
        : new Date(table.now().getTime() + retryDelayOf(table, attempts));
    await updateMails(
      table,
      {
        attempts,
        lockedUntil: null,
        lastError: message.slice(0, 500),
        ...table.outcomeValues?.({ error }),
        ...(failed ? { failedAt: table.now(), ...table.whenDone } : { nextAttemptAt: retryAt }),
      },
      { id: mail.id },
    );
    return failed ? 'failed' : 'retry';
  }
  await updateMails(table, { attempts, lockedUntil: null, sentAt: table.now(), lastError: null, ...table.outcomeValues?.({ sent }), ...table.whenDone }, { id: mail.id });
  return 'sent';
}

/**
 * The worker's pass over one outbox: the rows due now, oldest first, at most `limit`, each
 * attempted in turn (`attempt`) until `stopAfter` says the rest of the pass would fare no better.
 * Returns how each went.
 */
export async function sweepOutbox<R extends OutboxRow & Model>(
  model: ModelStatic<R>,
  now: Date,
  limit: number,
  attempt: (row: R) => Promise<MailAttempt>,
  stopAfter?: (outcome: MailAttempt) => boolean,
): Promise<Record<MailAttempt, number>> {
  const counts: Record<MailAttempt, number> = { sent: 0, retry: 0, failed: 0, waiting: 0, taken: 0 };
  const rows = await model.findAll({ where: dueMails(now), order: [['id', 'ASC']], limit });
  for (const row of rows) {
    const outcome = await attempt(row);
    counts[outcome] += 1;
    if (stopAfter?.(outcome)) break;
  }
  return counts;
}

/** The tail of each mailer's queue: the promise of the last mail queued. */
const queues = new WeakMap<object, Promise<void>>();
/** The tails of every queue that still has work, for settleMails() without a mailer. */
const tails = new Set<Promise<void>>();
/** Numbers of the queued mails: those up to `cutUpTo` are left unsent by a drain past its deadline. */
let queuedCount = 0;
let cutUpTo = 0;
/** Mails a drain left, by table, whose claims it releases. */
const leftByDrain = new Map<OutboxTable, number[]>();

/** Resolves once every mail queued so far on `mailer` (or, without one, in this process) is sent or failed. */
export async function settleMails(mailer?: object): Promise<void> {
  if (mailer) return queues.get(mailer);
  await Promise.all([...tails]);
}

/** After the commit: puts the attempt at mail `mailId` of `table` in `mailer`'s queue; returns at once. */
export function enqueueMail(mailer: object, table: OutboxTable, mailId: number, job: () => Promise<unknown>): void {
  const previous = queues.get(mailer);
  const number = (queuedCount += 1);
  // An empty queue starts on the next turn of the event loop, after the answer is on its way.
  const tail = (previous ?? new Promise<void>((resolve) => setImmediate(resolve))).then(async () => {
    if (number <= cutUpTo) {
      const left = leftByDrain.get(table) ?? [];
      left.push(mailId);
      leftByDrain.set(table, left);
      return;
    }
    try {
      await job();
    } catch (error) {
      table.logger.error({ err: error, mailId }, `${table.label} not handled`);
    }
  });
  queues.set(mailer, tail);
  tails.add(tail);
  if (previous) tails.delete(previous);
  void tail.then(() => {
    tails.delete(tail);
    if (queues.get(mailer) === tail) queues.delete(mailer);
  });
}

/**
 * Shutdown: waits for the mails queued so far (every outbox) until `deadline` (ms since the
 * epoch). Those not started by then are left in their outbox with their claims released, so the
 * worker's next pass (in this deployment's next worker) sends them at once; the one being sent finishes.
 */
export async function drainMails(deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()));
  });
  const outcome = await Promise.race([settleMails().then(() => 'settled' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    cutUpTo = queuedCount;
    await settleMails();
  }
  for (const [table, ids] of leftByDrain) {
    leftByDrain.delete(table);
    try {
      for (let at = 0; at < ids.length; at += 500) {
        await updateMails(table, { lockedUntil: null }, { id: ids.slice(at, at + 500), sentAt: { [Op.is]: null } } as WhereOptions);
      }
      table.logger.warn({ mails: ids.length }, `${table.label}s left in the outbox for the worker at shutdown`);
    } catch (error) {
      table.logger.error({ err: error, mails: ids.length }, `${table.label} claims not released at shutdown; they lapse by themselves`);
    }
  }
}
