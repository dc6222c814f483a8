/**
 * Paying an order out takes its amount from the reserve of the `to` asset that counts — the one
 * published (catalogue/presentAsset.ts reserveColumn: the admin's manual figure, else the stored
 * balance) — in the order's transaction, never below zero. The asset row is read first (on MySQL
 * FOR UPDATE, so its reserve mode cannot change under the payout); then MySQL decrements with a
 * conditional update in exact DECIMAL arithmetic (moneySql), SQLite (money as text, one writer at
 * a time — platform/db/transaction.ts) computes with big.js and writes only if the reserve is
 * still the value it read.
 */
import { literal, Op, type Transaction } from 'sequelize';
import { Dec } from '../../common/rateMath';
import { reserveColumn } from '../catalogue/presentAsset';
import { dialectOf, moneySql } from '../platform/db/money';
import type { Models } from '../models';
import { InsufficientReserve } from './errors';

export async function takeFromReserve(
  models: Pick<Models, 'Asset'>,
  props: { code: string; amount: string },
  transaction: Transaction,
): Promise<void> {
  const { Asset } = models;
  const sequelize = Asset.sequelize!;
  const mysql = dialectOf(sequelize) === 'mysql';
  const asset = await Asset.findOne({ where: { code: props.code }, transaction, ...(mysql ? { lock: transaction.LOCK.UPDATE } : {}) });
  if (!asset) throw new InsufficientReserve();
  const column = reserveColumn(asset);
  if (mysql) {
    const amount = moneySql(sequelize, props.amount);
    const field = sequelize.getQueryInterface().quoteIdentifier(Asset.getAttributes()[column].field ?? column);
    const [count] = await Asset.update(
      { [column]: literal(`${field} - ${amount}`) as never },
      { where: { code: props.code, [Op.and]: [literal(`${field} >= ${amount}`)] }, transaction },
    );
    if (count !== 1) throw new InsufficientReserve();
    return;
  }
  const left = new Dec(asset[column]!).minus(new Dec(props.amount));
  if (left.lt(new Dec('0'))) throw new InsufficientReserve();
  // Compare-and-set on the stored text: written only if nobody changed the reserve since the read.
  const stored = asset.getDataValue(column) as string;
  const [count] = await Asset.update({ [column]: left.toFixed() }, { where: { code: props.code, [column]: stored }, transaction });
  if (count !== 1) throw new InsufficientReserve();
}
