import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import { toExportRows, type ExportAsset } from './rows';

const ASSETS: ExportAsset[] = [
  { code: 'BTC', type: 'coin', currency: 'BTC', city: null, enabled: true },
  { code: 'SBERRUB', type: 'fiat', currency: 'RUB', city: null, enabled: true },
  { code: 'CASHUSDSPB', type: 'cash', currency: 'USD', city: 'SPB', enabled: true },
  { code: 'XMR', type: 'coin', currency: 'XMR', city: null, enabled: false },
];

function rate(overrides: Partial<DirectionRateDto> = {}): DirectionRateDto {
  return {
    from: 'BTC', to: 'SBERRUB', rate: '7000000', in: '1', out: '7000000', reserve: '1500000', min: '0.002',
    max: '0.5', rateTypes: ['fixed'], manual: false, updatedAt: '2025-06-01T12:00:00.000Z', stale: false, ...overrides,
  };
}

describe('toExportRows', () => {
  it('leaves out a stale rate', () => {
    expect(toExportRows([rate({ stale: true })], ASSETS)).to.deep.equal([]);
  });

  it('leaves out a rate of a disabled asset', () => {
    expect(toExportRows([rate({ from: 'XMR' })], ASSETS)).to.deep.equal([]);
  });

  it('leaves out a rate of an asset missing from the catalogue', () => {
    expect(toExportRows([rate({ to: 'DOGE' })], ASSETS)).to.deep.equal([]);
  });

  it('leaves out a rate whose reserve cannot cover the minimum', () => {
    expect(toExportRows([rate({ min: '0.002', max: '0.0019' })], ASSETS)).to.deep.equal([]);
  });

  it('names cash by its monitoring code and gives its city, from either side', () => {
    const [row] = toExportRows([rate({ from: 'CASHUSDSPB', to: 'BTC', min: '1000', max: '50000' })], ASSETS);
    expect(row).to.include({ from: 'CASHUSD', to: 'BTC', city: 'SPB', minamount: '1000 USD' });
  });

  it('writes fee amounts in the currency of their side and the minimum fee in `from`', () => {
    const fees = {
      minFee: '0.0001',
      fromFee: { value: '0.0002', unit: 'amount' as const },
      toFee: { value: '150', unit: 'amount' as const },
    };
    const [row] = toExportRows([rate({ fees })], ASSETS);
    expect(row).to.include({ minfee: '0.0001 BTC', fromfee: '0.0002 BTC', tofee: '150 RUB' });
  });
});
