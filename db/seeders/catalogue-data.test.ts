import { expect } from 'chai';
import { ASSET_CODE_PATTERN, EXTRA_FIELD_NAMES, monitoringCode } from '../../common/catalogue';
import { RATE_TYPES } from '../../common/enums';
import { Big, isDecimalString } from '../../common/money';
import { SEED_ASSETS, SEED_DIRECTIONS, SEED_REFERENCE_PRICES } from './catalogue-data';

const assets = new Map(SEED_ASSETS.map((asset) => [asset.code, asset]));
const pairs = new Set(SEED_DIRECTIONS.map((direction) => `${direction.from}>${direction.to}`));

function decimals(value: string): number {
  return value.includes('.') ? value.split('.')[1].length : 0;
}

function direction(from: string, to: string) {
  const found = SEED_DIRECTIONS.find((candidate) => candidate.from === from && candidate.to === to);
  if (!found) throw new Error(`${from}>${to} is not seeded`);
  return found;
}

describe('seeded catalogue', () => {
  it('has several dozen assets and a few hundred directions', () => {
    expect(SEED_ASSETS.length).to.be.within(36, 99);
    expect(SEED_DIRECTIONS.length).to.be.within(200, 999);
  });

  it('gives every asset a unique code in the monitoring convention', () => {
    expect(assets.size).to.equal(SEED_ASSETS.length);
    for (const asset of SEED_ASSETS) expect(asset.code).to.match(ASSET_CODE_PATTERN);
  });

  it('carries the codes the brief names, the Kyrgyz som card and cash in several cities', () => {
    const expected = ['BTC', 'ETH', 'USDTTRC20', 'USDTERC20', 'USDTBEP20', 'USDCERC20', 'TRX', 'LTC', 'TON', 'SOL',
      'BNBBEP20', 'XRP', 'DOGE', 'SBERRUB', 'TCSBRUB', 'ACRUB', 'TBRUB', 'SBPRUB', 'MIRCRUB', 'CARDRUB', 'CARDKGS',
      'CASHRUBMSK', 'CASHRUBSPB', 'CASHRUBEKB', 'CASHUSDMSK'];
    expect([...assets.keys()]).to.include.members(expected);
  });

  it('codes cash as its monitoring code plus its city and gives a city to cash only', () => {
    for (const asset of SEED_ASSETS) {
      if (asset.type === 'cash') expect(asset.code).to.equal(`${monitoringCode(asset)}${asset.city}`);
      else expect(asset.city).to.equal(null);
    }
  });

  it('keeps every reserve a decimal string within its asset precision', () => {
    for (const asset of SEED_ASSETS) {
      expect(isDecimalString(asset.reserve), asset.code).to.equal(true);
      expect(decimals(asset.reserve), asset.code).to.be.at.most(asset.precision);
    }
  });

  it('has a reference price for every currency', () => {
    for (const asset of SEED_ASSETS) expect(SEED_REFERENCE_PRICES, asset.code).to.have.property(asset.currency);
  });

  it('links every direction to two existing, different assets', () => {
    for (const { from, to } of SEED_DIRECTIONS) {
      expect(assets.has(from), from).to.equal(true);
      expect(assets.has(to), to).to.equal(true);
      expect(from).to.not.equal(to);
    }
  });

  it('offers each pair once', () => {
    expect(pairs.size).to.equal(SEED_DIRECTIONS.length);
  });

  it('has a coin on at least one side of every direction', () => {
    for (const { from, to } of SEED_DIRECTIONS) {
      expect([assets.get(from)?.type, assets.get(to)?.type], `${from}>${to}`).to.include('coin');
    }
  });

  it('sets a positive minimum below the maximum, within the precision of `from`', () => {
    for (const { from, to, minAmount, maxAmount } of SEED_DIRECTIONS) {
      const label = `${from}>${to}`;
      expect(new Big(minAmount).gt('0'), label).to.equal(true);
      expect(new Big(minAmount).lt(new Big(maxAmount)), label).to.equal(true);
      expect(Math.max(decimals(minAmount), decimals(maxAmount)), label).to.be.at.most(assets.get(from)?.precision ?? 0);
    }
  });

  it('keeps every markup between 0 and 100 percent', () => {
    for (const { markup } of SEED_DIRECTIONS) {
      expect(isDecimalString(markup)).to.equal(true);
      expect(new Big(markup).gte('0') && new Big(markup).lt('100')).to.equal(true);
    }
  });

  it('allows at least one known rate type on every direction', () => {
    for (const { rateTypes } of SEED_DIRECTIONS) {
      expect(rateTypes).to.not.be.empty;
      for (const type of rateTypes) expect(RATE_TYPES).to.include(type);
    }
  });

  it('marks a direction one-way exactly when its reverse is not offered', () => {
    for (const { from, to, oneWay } of SEED_DIRECTIONS) expect(oneWay, `${from}>${to}`).to.equal(!pairs.has(`${to}>${from}`));
    expect(SEED_DIRECTIONS.some((candidate) => candidate.oneWay)).to.equal(true);
  });

  it('runs every cash direction by hand', () => {
    for (const { from, to, manual } of SEED_DIRECTIONS) {
      if (assets.get(from)?.type === 'cash' || assets.get(to)?.type === 'cash') expect(manual, `${from}>${to}`).to.equal(true);
    }
  });

  it('asks only known extra fields, with patterns that compile', () => {
    for (const { extraFields } of SEED_DIRECTIONS) {
      for (const field of extraFields) {
        expect(EXTRA_FIELD_NAMES).to.include(field.name);
        if (field.pattern !== undefined) expect(() => new RegExp(field.pattern as string)).to.not.throw();
      }
    }
  });

  it('asks a memo for TON, a tag for XRP, the card holder for cards and a phone for fast payments', () => {
    expect(direction('ETH', 'TON').extraFields.map((field) => field.name)).to.deep.equal(['memo']);
    expect(direction('BTC', 'XRP').extraFields.map((field) => field.name)).to.deep.equal(['tag']);
    expect(direction('BTC', 'SBERRUB').extraFields.map((field) => field.name)).to.deep.equal(['cardHolder']);
    expect(direction('SBERRUB', 'BTC').extraFields.map((field) => field.name)).to.deep.equal(['cardHolder']);
    expect(direction('USDTTRC20', 'SBPRUB').extraFields.map((field) => field.name)).to.deep.equal(['phone', 'bankName']);
  });

  it('accepts a Latin card holder name and a Russian phone by the seeded patterns', () => {
    const [holder] = direction('BTC', 'SBERRUB').extraFields;
    const [phone] = direction('USDTTRC20', 'SBPRUB').extraFields;
    expect(new RegExp(holder.pattern ?? '').test('IVAN PETROV')).to.equal(true);
    expect(new RegExp(holder.pattern ?? '').test('IVAN')).to.equal(false);
    expect(new RegExp(phone.pattern ?? '').test('+79161234567')).to.equal(true);
  });
});
