import { expect } from 'chai';
import { ASSET_CODE_PATTERN, monitoringCode } from '../../common/catalogue';
import { Big } from '../../common/money';
import { generateCatalogue } from './generate';

describe('generateCatalogue', () => {
  const catalogue = generateCatalogue();
  const codes = new Set(catalogue.assets.map((asset) => asset.code));

  it('makes 1,000 currencies and 20,000 directions by default', () => {
    expect(new Set(catalogue.assets.map((asset) => asset.currency)).size).to.equal(1000);
    expect(catalogue.directions.length).to.equal(20000);
  });

  it('sizes the catalogue as asked', () => {
    const small = generateCatalogue({ assets: 50, directionsPerAsset: 5 });
    expect([small.assets.length, small.directions.length]).to.deep.equal([50, 250]);
  });

  it('yields the same catalogue for the same seed', () => {
    const again = generateCatalogue({ assets: 200, directionsPerAsset: 10, seed: 7 });
    expect(again).to.deep.equal(generateCatalogue({ assets: 200, directionsPerAsset: 10, seed: 7 }));
  });

  it('yields a different catalogue for another seed', () => {
    const one = generateCatalogue({ assets: 200, directionsPerAsset: 10, seed: 7 });
    const other = generateCatalogue({ assets: 200, directionsPerAsset: 10, seed: 8 });
    expect(other.assets).to.not.deep.equal(one.assets);
  });

  it('gives every asset a unique code in the monitoring convention', () => {
    expect(codes.size).to.equal(catalogue.assets.length);
    for (const asset of catalogue.assets) expect(asset.code).to.match(ASSET_CODE_PATTERN);
  });

  it('codes cash as its monitoring code plus its city', () => {
    const cash = catalogue.assets.filter((asset) => asset.type === 'cash');
    expect(cash).to.not.be.empty;
    for (const asset of cash) expect(asset.code).to.equal(`${monitoringCode(asset)}${asset.city}`);
  });

  it('prices every currency', () => {
    for (const asset of catalogue.assets) expect(catalogue.referencePrices.has(asset.currency)).to.equal(true);
  });

  it('links each direction to two existing, different assets, each pair once', () => {
    const pairs = new Set<string>();
    for (const { from, to } of catalogue.directions) {
      expect(codes.has(from) && codes.has(to) && from !== to).to.equal(true);
      pairs.add(`${from}>${to}`);
    }
    expect(pairs.size).to.equal(catalogue.directions.length);
  });

  it('sets a positive minimum below the maximum', () => {
    for (const { minAmount, maxAmount } of catalogue.directions) {
      expect(new Big(minAmount).gt('0') && new Big(minAmount).lt(new Big(maxAmount))).to.equal(true);
    }
  });

  it('marks one-way exactly the directions whose reverse is missing, and has both kinds', () => {
    const pairs = new Set(catalogue.directions.map(({ from, to }) => `${from}>${to}`));
    for (const { from, to, oneWay } of catalogue.directions) expect(oneWay).to.equal(!pairs.has(`${to}>${from}`));
    expect(new Set(catalogue.directions.map(({ oneWay }) => oneWay)).size).to.equal(2);
  });

  it('refuses more directions per asset than there are other assets', () => {
    expect(() => generateCatalogue({ assets: 10, directionsPerAsset: 10 })).to.throw(RangeError);
  });
});
