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

/**
 * One write statement (`work` runs exactly one): on MySQL as it is, without a transaction around
 * it (autocommit makes a single statement atomic; START TRANSACTION and COMMIT would be two more
 * round trips); on SQLite in the writer's turn like any write (its transaction passed in).
 */
export function writeStatement<T>(sequelize: Sequelize, work: (transaction: Transaction | undefined) => Promise<T>): Promise<T> {
  if (sequelize.getDialect() !== 'sqlite') return work(undefined);
  return writeTransaction(sequelize, work);
}
