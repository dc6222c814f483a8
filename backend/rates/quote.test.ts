import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import { createServerI18n } from '../platform/i18n';
import type { RateAsset } from './engine';
import { quoteAmounts } from './quote';

const i18n = createServerI18n();
const en = i18n.translator('en');
const ru = i18n.translator('ru');

const BTC: RateAsset = { code: 'BTC', type: 'coin', currency: 'BTC', city: null, enabled: true, precision: 8 };
const CASHUSD: RateAsset = { code: 'CASHUSDEKB', type: 'cash', currency: 'USD', city: 'EKB', enabled: true, precision: 0 };
const RATE: DirectionRateDto = {
  from: 'BTC', to: 'CASHUSDEKB', rate: '95000', in: '1', out: '95000', reserve: '80000', min: '0.01',
  max: '0.84210526', rateTypes: ['fixed'], manual: true, updatedAt: '2026-03-02T10:00:00.000Z', stale: false,
};

describe('quoteAmounts', () => {
  it('rounds what is received down to the precision of `to`', () => {
    expect(quoteAmounts(RATE, BTC, CASHUSD, { amountSend: '0.0123' }, en)).to.deep.equal({
      amountSend: '0.0123',
      amountReceive: '1168',
      violation: null,
    });
  });

  it('rounds what must be sent up to the precision of `from`', () => {
    expect(quoteAmounts(RATE, BTC, CASHUSD, { amountReceive: '1000' }, en)).to.deep.equal({
      amountSend: '0.01052632',
      amountReceive: '1000',
      violation: null,
    });
  });

  it('reads a maximum the reserve set as the reserve running out', () => {
    const quote = quoteAmounts(RATE, BTC, CASHUSD, { amountSend: '1' }, en);
    expect(quote.violation).to.deep.equal({ code: 'above_reserve', message: 'Insufficient reserve: 80000 USD available' });
  });

  it('keeps above_max for a maximum the reserve does not set', () => {
    const quote = quoteAmounts({ ...RATE, max: '0.5' }, BTC, CASHUSD, { amountSend: '0.6' }, ru);
    expect(quote.violation).to.deep.equal({ code: 'above_max', message: 'Превышен максимум: 0.5 BTC' });
  });

  it('names the precision of the side that has too many decimals', () => {
    expect(quoteAmounts(RATE, BTC, CASHUSD, { amountReceive: '100.5' }, en).violation).to.deep.equal({
      code: 'precision',
      message: 'Too many digits after the point: at most 0',
    });
  });
});

describe('locales/*/rates.json', () => {
  const keys = (lang: string) => Object.keys(JSON.parse(readFileSync(new URL(`../../locales/${lang}/rates.json`, import.meta.url), 'utf8'))).sort();

  it('has the same keys in Russian and English', () => {
    expect(keys('ru')).to.deep.equal(keys('en'));
  });
});
