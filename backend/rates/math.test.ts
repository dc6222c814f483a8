import { expect } from 'chai';
import type { AssetDto, DirectionDto } from '../../common/catalogue';
import {
  checkAmounts,
  compareDecimals,
  computeDirectionRate,
  computeRate,
  marketRate,
  maxSendForReserve,
  monitoringInOut,
  receiveForSend,
  sendForReceive,
} from './math';
import { buildPriceTable, marketPrices } from './prices';
import type { Quote } from './providers/types';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const FRESH = '2025-06-01T11:59:30.000Z';
const OLD = '2025-06-01T11:00:00.000Z';

function asset(code: string, currency: string, precision: number, reserve: string): AssetDto {
  return { code, name: code, nameRu: null, type: 'coin', currency, network: null, precision, icon: code.toLowerCase(), reserve, enabled: true, city: null };
}

function direction(from: string, to: string, overrides: Partial<DirectionDto> = {}): DirectionDto {
  return {
    from, to, markup: '0', minAmount: '0.001', maxAmount: '10', rateTypes: ['fixed', 'float'],
    fixedPeriodMinutes: 20, manual: false, oneWay: false, extraFields: [], enabled: true, ...overrides,
  };
}

function quote(base: string, quoteCode: string, bid: string, ask: string, at = FRESH): Quote {
  return { source: 'test', base, quote: quoteCode, bid, ask, at };
}

const BTC = asset('BTC', 'BTC', 8, '12.5');
const SBERRUB = asset('SBERRUB', 'RUB', 2, '1500000');
const CARDKGS = asset('CARDKGS', 'KGS', 2, '800000');

describe('computeRate', () => {
  it('takes the markup off the price ratio', () => {
    expect(computeRate({ fromBid: '65000', toAsk: '1', markup: '1.5', toPrecision: 6 })).to.equal('64025');
  });

  it('rounds down, never up, to the precision of `to`', () => {
    expect(computeRate({ fromBid: '2', toAsk: '3', markup: '0', toPrecision: 18 })).to.equal('0.666666666666666666');
  });

  it('keeps ten significant digits where the `to` precision would cut a small rate short', () => {
    expect(computeRate({ fromBid: '1', toAsk: '7120000', markup: '0', toPrecision: 8 })).to.equal('0.0000001404494382');
  });

  it('refuses a JavaScript number where a decimal string belongs', () => {
    const fromBid = 65000 as unknown as string;
    expect(() => computeRate({ fromBid, toAsk: '1', markup: '1', toPrecision: 6 })).to.throw(TypeError);
  });

  it('keeps ten significant digits of a rate above 1 into a whole-unit asset', () => {
    expect(computeRate({ fromBid: '1', toAsk: '0.010946907', markup: '0', toPrecision: 0 })).to.equal('91.35000416');
  });
});

describe('receiveForSend and sendForReceive', () => {
  it('rounds the amount received down to the `to` precision', () => {
    expect(receiveForSend('0.015', '7053614.371', 2)).to.equal('105804.21');
  });

  it('rounds the amount to send up to the `from` precision', () => {
    expect(sendForReceive('10000', '91.37', 6)).to.equal('109.445114');
  });

  it('pays at least the asked amount for the send amount it quotes', () => {
    const send = sendForReceive('10000', '91.37', 6);
    expect(receiveForSend(send, '91.37', 0)).to.equal('10000');
  });

  it('keeps 18-decimal amounts exact where a double would round them', () => {
    const received = receiveForSend('123456789.123456789123456789', '2', 18);
    expect(received).to.equal('246913578.246913578246913578');
    expect(String(Number('123456789.123456789123456789') * 2)).to.not.equal(received);
  });
});

describe('monitoringInOut', () => {
  it('shows a rate of at least 1 as 1 in, rate out', () => {
    expect(monitoringInOut('7053614.37', 8)).to.deep.equal({ in: '1', out: '7053614.37' });
  });

  it('inverts a rate below 1 into in = 1/rate, out = 1', () => {
    expect(monitoringInOut('0.00000016', 2)).to.deep.equal({ in: '6250000', out: '1' });
  });

  it('rounds the inverted `in` up so that it buys a whole unit of `to`', () => {
    expect(monitoringInOut('0.0000001404494382', 2)).to.deep.equal({ in: '7120000.001', out: '1' });
  });

  it('keeps ten significant digits of `in` for a whole-unit asset instead of rounding up to 2', () => {
    expect(monitoringInOut('0.9797060881', 0)).to.deep.equal({ in: '1.020714286', out: '1' });
  });

  it('shows a rate of exactly 1 as 1 for 1', () => {
    expect(monitoringInOut('1', 6)).to.deep.equal({ in: '1', out: '1' });
  });
});

describe('maxSendForReserve', () => {
  it('is the largest send whose payout fits the reserve, rounded down', () => {
    expect(maxSendForReserve('1000', '3', 2)).to.equal('333.33');
  });
});

describe('compareDecimals', () => {
  it('orders by the integer part before the fraction', () => {
    expect(compareDecimals('10', '9.99999')).to.equal(1);
    expect(compareDecimals('0.5', '1')).to.equal(-1);
  });

  it('orders fractions digit by digit, a missing digit counting as zero', () => {
    expect(compareDecimals('0.5', '0.49')).to.equal(1);
    expect(compareDecimals('0.000000000000000001', '0.00000000000000001')).to.equal(-1);
  });

  it('finds equal values written with different zeros equal', () => {
    expect(compareDecimals('007.50', '7.5')).to.equal(0);
    expect(compareDecimals('0', '0.000')).to.equal(0);
  });

  it('compares negative values by their value', () => {
    expect(compareDecimals('-2', '-1.5')).to.equal(-1);
  });
});

describe('checkAmounts', () => {
  const limits = { min: '0.001', max: '2', reserve: '1000000', fromPrecision: 8, toPrecision: 2 };

  it('accepts amounts within the limits', () => {
    expect(checkAmounts('0.5', '35000', limits)).to.equal(null);
  });

  it('rejects an amount that is not a positive decimal as invalid_amount', () => {
    expect(checkAmounts('1e3', '35000', limits)).to.equal('invalid_amount');
    expect(checkAmounts('0', '0', limits)).to.equal('invalid_amount');
  });

  it('rejects a payout that rounds to nothing as invalid_amount', () => {
    expect(checkAmounts('0.5', '0', limits)).to.equal('invalid_amount');
  });

  it('rejects more decimals than the asset keeps as precision', () => {
    expect(checkAmounts('0.123456789', '35000', limits)).to.equal('precision');
  });

  it('rejects an amount under the minimum as below_min', () => {
    expect(checkAmounts('0.0009', '63', limits)).to.equal('below_min');
  });

  it('rejects an amount over the maximum as above_max', () => {
    expect(checkAmounts('2.00000001', '140000', limits)).to.equal('above_max');
  });

  it('rejects a payout over the reserve as above_reserve', () => {
    expect(checkAmounts('1', '1000000.01', limits)).to.equal('above_reserve');
  });
});

describe('computeDirectionRate', () => {
  const quotes = [quote('BTC', 'USDT', '65000', '65010'), quote('USDT', 'RUB', '80', '100'), quote('KGS', 'RUB', '2', '2')];
  const prices = buildPriceTable(quotes, { now: NOW, maxAgeMs: 60_000 });

  it('sells `from` at its bid and buys `to` at its ask', () => {
    const rate = computeDirectionRate({ direction: direction('BTC', 'SBERRUB'), from: BTC, to: SBERRUB, prices });
    // 65000 USDT per BTC / 0.0125 USDT per rouble bought.
    expect(rate).to.include({ rate: '5200000', in: '1', out: '5200000' });
  });

  it('prices a coin into a KGS card through the cross rate, markup included', () => {
    const rate = computeDirectionRate({
      direction: direction('CARDKGS', 'BTC', { markup: '2', minAmount: '1000', maxAmount: '500000' }),
      from: CARDKGS,
      to: BTC,
      prices,
    });
    // 0.02 USDT per som / 65010 USDT per BTC × 0.98.
    expect(rate).to.include({ rate: '0.0000003014920781', in: '3316836.736', out: '1' });
  });

  it('caps the maximum at what the reserve of `to` can pay', () => {
    const rate = computeDirectionRate({ direction: direction('BTC', 'SBERRUB'), from: BTC, to: SBERRUB, prices });
    expect(rate).to.include({ min: '0.001', max: '0.28846153', reserve: '1500000' });
  });

  it('keeps the direction maximum when its payout equals the reserve exactly', () => {
    const rate = computeDirectionRate({
      direction: direction('BTC', 'SBERRUB', { maxAmount: '0.5' }),
      from: BTC,
      to: { ...SBERRUB, reserve: '2600000' },
      prices,
    });
    expect(rate?.max).to.equal('0.5');
  });

  it('keeps the direction maximum when the reserve covers it', () => {
    const rate = computeDirectionRate({
      direction: direction('SBERRUB', 'BTC', { minAmount: '5000', maxAmount: '300000' }),
      from: SBERRUB,
      to: BTC,
      prices,
    });
    expect(rate?.max).to.equal('300000');
  });

  it('is stale and dated by the older price when one quote is too old', () => {
    const stalePrices = buildPriceTable([quote('BTC', 'USDT', '65000', '65010', OLD), quote('USDT', 'RUB', '80', '100')], {
      now: NOW,
      maxAgeMs: 60_000,
    });
    const rate = computeDirectionRate({ direction: direction('BTC', 'SBERRUB'), from: BTC, to: SBERRUB, prices: stalePrices });
    expect(rate).to.include({ stale: true, updatedAt: OLD });
  });

  it('is null when a currency has no price', () => {
    const eth = asset('ETH', 'ETH', 8, '100');
    expect(computeDirectionRate({ direction: direction('ETH', 'BTC'), from: eth, to: BTC, prices })).to.equal(null);
  });

  it('carries the manual flag, rate types and declared fees through', () => {
    const fees = { toFee: { value: '0.5', unit: 'percent' as const } };
    const rate = computeDirectionRate({
      direction: direction('BTC', 'SBERRUB', { manual: true, rateTypes: ['fixed'], fees }),
      from: BTC,
      to: SBERRUB,
      prices,
    });
    expect(rate).to.deep.include({ manual: true, rateTypes: ['fixed'], fees });
  });
});

describe('marketRate', () => {
  const table = buildPriceTable([quote('BTC', 'USDT', '65000', '65010'), quote('USDT', 'RUB', '80', '100')], { now: NOW, maxAgeMs: 60_000 });
  const prices = marketPrices(table, ['BTC', 'RUB', 'KGS']);

  it('is the ratio the rate is computed from, before the markup', () => {
    // 65000 USDT per BTC sold / 0.0125 USDT per rouble bought; with a 1.5 % markup the rate is 0.985 of it.
    expect(marketRate(prices, BTC, SBERRUB)).to.equal('5200000');
    const marked = computeDirectionRate({ direction: direction('BTC', 'SBERRUB', { markup: '1.5' }), from: BTC, to: SBERRUB, prices: table });
    expect(marked?.rate).to.equal('5122000');
  });

  it('keeps the significant digits of a rate, rounded down', () => {
    // 0.01 USDT per rouble sold / 65010 USDT per BTC bought = 0.00000015382248884786…
    expect(marketRate(prices, SBERRUB, BTC)).to.equal('0.0000001538224888');
  });

  it('is null when a currency has no price', () => {
    expect(marketRate(prices, BTC, { currency: 'KGS', precision: 2 })).to.equal(null);
    expect(marketRate(prices, { currency: 'constructor', precision: 2 }, SBERRUB)).to.equal(null);
  });
});
