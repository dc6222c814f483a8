/**
 * THE transaction helper: every write command of every domain runs in it. MySQL: an ordinary transaction (row changes are guarded
 * by conditional updates). SQLite: one writer at a time per database in this process (BEGIN
 * IMMEDIATE, taken in turns): concurrent write transactions on one file would otherwise fail
 * with SQLITE_BUSY instead of waiting.
 */
import { Transaction, type Sequelize } from 'sequelize';

const sqliteTurns = new WeakMap<Sequelize, Promise<unknown>>();

export function writeTransaction<T>(sequelize: Sequelize, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  if (sequelize.getDialect() !== 'sqlite') return sequelize.transaction(work);
  const previous = sqliteTurns.get(sequelize) ?? Promise.resolve();
  const turn = previous.catch(() => undefined).then(() => sequelize.transaction({ type: Transaction.TYPES.IMMEDIATE }, work));
  sqliteTurns.set(sequelize, turn);
  return turn;
}

interface WaitingStatement {
  work: (transaction: Transaction) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

/** The single statements waiting for SQLite's writer: they take their turn together. */
const sqliteWaiting = new WeakMap<Sequelize, WaitingStatement[]>();

/**
 * One write statement (`work` runs exactly one): on MySQL as it is, without a transaction around
 * it (autocommit makes a single statement atomic; START TRANSACTION and COMMIT would be two more
 * round trips); on SQLite in the writer's turn like any write (its transaction passed in).
 *
 * On SQLite the single statements that wait for the writer share one turn: the first one queues a
 * turn, the others join it until it starts, and the turn runs them all between one BEGIN and one
 * COMMIT. Under load they are mostly the outboxes' claims and "sent" marks, each of which was a
 * turn of its own (BEGIN, UPDATE, COMMIT) in a queue that creations and status changes wait in. A
 * statement that fails rejects alone (SQLite undoes that statement, not the others); each promise
 * settles after the COMMIT, and a COMMIT that fails rejects them all.
 */
export function writeStatement<T>(sequelize: Sequelize, work: (transaction: Transaction | undefined) => Promise<T>): Promise<T> {
  if (sequelize.getDialect() !== 'sqlite') return work(undefined);
  return new Promise<T>((resolve, reject) => {
    const waiting = sqliteWaiting.get(sequelize);
    const statement: WaitingStatement = { work, resolve: resolve as (value: unknown) => void, reject };
    if (waiting) {
      waiting.push(statement);
      return;
    }
    const batch = [statement];
    sqliteWaiting.set(sequelize, batch);
    writeTransaction(sequelize, (transaction) => {
      // The turn has started: later statements queue the next one.
      sqliteWaiting.delete(sequelize);
      return Promise.allSettled(batch.map((each) => Promise.resolve().then(() => each.work(transaction))));
    }).then(
      (outcomes) => outcomes.forEach((outcome, index) => (outcome.status === 'fulfilled' ? batch[index]!.resolve(outcome.value) : batch[index]!.reject(outcome.reason))),
      (error: unknown) => {
        // A turn that failed before it started (BEGIN) still holds its place: nobody may join it now.
        if (sqliteWaiting.get(sequelize) === batch) sqliteWaiting.delete(sequelize);
        batch.forEach((each) => each.reject(error));
      },
    );
  });
}
