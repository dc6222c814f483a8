/**
 * Paying an order out takes its amount from the reserve of the `to` asset, in the order's
 * transaction, never below zero: MySQL decrements with a conditional update in exact DECIMAL
 * arithmetic (moneySql); SQLite (money as text, one writer at a time — orders/transaction.ts)
 * computes with big.js and writes only if the reserve is still the value it read.
 */
import { literal, Op, type Transaction } from 'sequelize';
import { Dec } from '../../common/rateMath';
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
  if (dialectOf(sequelize) === 'mysql') {
    const amount = moneySql(sequelize, props.amount);
    const [count] = await Asset.update(
      { reserve: literal(`reserve - ${amount}`) as never },
      { where: { code: props.code, [Op.and]: [literal(`reserve >= ${amount}`)] }, transaction },
    );
    if (count !== 1) throw new InsufficientReserve();
    return;
  }
  const asset = await Asset.findOne({ where: { code: props.code }, transaction });
  if (!asset) throw new InsufficientReserve();
  const left = new Dec(asset.reserve).minus(new Dec(props.amount));
  if (left.lt(new Dec('0'))) throw new InsufficientReserve();
  // Compare-and-set on the stored text: written only if nobody changed the reserve since the read.
  const stored = asset.getDataValue('reserve') as string;
  const [count] = await Asset.update({ reserve: left.toFixed() }, { where: { code: props.code, reserve: stored }, transaction });
  if (count !== 1) throw new InsufficientReserve();
}
