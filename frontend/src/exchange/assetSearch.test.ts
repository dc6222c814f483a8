import { expect } from 'chai';
import { ASSET_OPTIONS_SHOWN, countByTab, inTab, listedOptions, searchAssets } from './assetSearch';
import { ASSETS } from './testing/fixtures';

const enabled = ASSETS.filter((asset) => asset.enabled);
const codes = (assets: { code: string }[]) => assets.map((asset) => asset.code);

describe('asset search', () => {
  it('finds by code, name, network and city, ignoring case', () => {
    expect(codes(searchAssets(enabled, 'usdt'))).to.deep.equal(['USDTTRC20']);
    expect(codes(searchAssets(enabled, 'sberbank'))).to.deep.equal(['SBERRUB']);
    expect(codes(searchAssets(enabled, 'trc20'))).to.deep.equal(['USDTTRC20']);
    expect(codes(searchAssets(enabled, 'msk'))).to.deep.equal(['CASHRUBMSK']);
  });

  it('finds by the name in either language, whatever the interface language', () => {
    expect(codes(searchAssets(enabled, 'сбер'))).to.deep.equal(['SBERRUB']);
    expect(codes(searchAssets(enabled, 'СБЕРБАНК'))).to.deep.equal(['SBERRUB']);
    expect(codes(searchAssets(enabled, 'sber'))).to.deep.equal(['SBERRUB']);
    expect(codes(searchAssets(enabled, 'наличные москва'))).to.deep.equal(['CASHRUBMSK']);
    expect(codes(searchAssets(enabled, 'cash moscow'))).to.deep.equal(['CASHRUBMSK']);
  });

  it('needs every word of the query to match', () => {
    expect(codes(searchAssets(enabled, 'rub cash'))).to.deep.equal(['CASHRUBMSK']);
    expect(codes(searchAssets(enabled, 'rub'))).to.deep.equal(['SBERRUB', 'CASHRUBMSK']);
  });

  it('puts an exact code first', () => {
    expect(codes(searchAssets(enabled, 'eth')).slice(0, 1)).to.deep.equal(['ETH']);
    expect(codes(searchAssets(enabled, 'btc'))).to.deep.equal(['BTC']);
  });

  it('keeps everything in catalogue order for an empty query', () => {
    expect(codes(searchAssets(enabled, '  '))).to.deep.equal(codes(enabled));
  });

  it('filters by tab and counts each tab', () => {
    expect(codes(enabled.filter((asset) => inTab(asset, 'fiat')))).to.deep.equal(['SBERRUB', 'CARDKGS']);
    expect(countByTab(enabled)).to.deep.equal({ all: 6, coin: 3, fiat: 2, cash: 1 });
  });
});

describe('listedOptions', () => {
  const many = Array.from({ length: ASSET_OPTIONS_SHOWN + 20 }, (_, index) => ({ ...ASSETS[0]!, code: `A${index}` }));

  it('lists a short list whole', () => {
    expect(listedOptions(ASSETS, 'BTC').map((asset) => asset.code)).to.deep.equal(ASSETS.map((asset) => asset.code));
  });

  it('lists the first ASSET_OPTIONS_SHOWN of a long one', () => {
    const listed = listedOptions(many, 'A3');
    expect(listed).to.have.length(ASSET_OPTIONS_SHOWN);
    expect(listed[0]!.code).to.equal('A0');
    expect(listed.at(-1)!.code).to.equal(`A${ASSET_OPTIONS_SHOWN - 1}`);
  });

  it('keeps the current asset among them when it is further down, last', () => {
    const listed = listedOptions(many, `A${ASSET_OPTIONS_SHOWN + 10}`);
    expect(listed).to.have.length(ASSET_OPTIONS_SHOWN);
    expect(listed.at(-1)!.code).to.equal(`A${ASSET_OPTIONS_SHOWN + 10}`);
    expect(listed.at(-2)!.code).to.equal(`A${ASSET_OPTIONS_SHOWN - 2}`);
  });
});
