/**
 * An order's profit in the reference currency, fixed when it is done: the market value in USDT of
 * what the service received (receivedAmount, else amountSend, of the `from` asset, at the bid —
 * what the market pays for it) minus the market value of what it paid out (amountReceive of the
 * `to` asset, at the ask — what the market asks for it), at the prices of that moment (the rates
 * state the worker published), rounded down to 18 places. Null when a price is missing or the
 * rates have expired. The drawer's older `profit` (in the receive asset, from the creation's
 * market rate) stays beside it.
 */
import { Big, MONEY_SCALE } from '../../common/money';
import type { Order } from '../models';
import type { MarketPrices } from '../rates/prices';
import type { RatesView } from '../rates/store';
import type { Transaction } from 'sequelize';
import type { Models } from '../models';

type ProfitOrder = Pick<Order, 'amountSend' | 'amountReceive' | 'receivedAmount'>;

/** The profit in USDT from these prices (`fromCurrency`/`toCurrency`: the assets' priced currencies). */
export function profitInUsdt(prices: Readonly<MarketPrices>, fromCurrency: string, toCurrency: string, order: ProfitOrder): string | null {
  const from = Object.hasOwn(prices, fromCurrency) ? prices[fromCurrency] : undefined;
  const to = Object.hasOwn(prices, toCurrency) ? prices[toCurrency] : undefined;
  if (!from || !to) return null;
  const received = new Big(order.receivedAmount ?? order.amountSend).times(from.bid);
  const paid = new Big(order.amountReceive).times(to.ask);
  return received.minus(paid).round(MONEY_SCALE, Big.roundDown).toFixed();
}

/** The profit of `order` at this moment's prices (see the module comment), or null. */
export async function currentProfitUsdt(
  deps: { models: Pick<Models, 'Asset'>; rates: RatesView },
  order: ProfitOrder & Pick<Order, 'fromCode' | 'toCode'>,
  transaction?: Transaction,
): Promise<string | null> {
  const state = deps.rates.current();
  if (!state || state.expired) return null;
  const assets = await deps.models.Asset.findAll({ where: { code: [order.fromCode, order.toCode] }, attributes: ['code', 'currency'], transaction });
  const currency = (code: string) => assets.find((asset) => asset.code === code)?.currency;
  const fromCurrency = currency(order.fromCode);
  const toCurrency = currency(order.toCode);
  if (!fromCurrency || !toCurrency) return null;
  return profitInUsdt(state.prices, fromCurrency, toCurrency, order);
}
