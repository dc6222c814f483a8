import { expect } from 'chai';
import { parseCbrDaily } from './cbrDaily';
import { expectProviderError } from './testing/expectProviderError';
import { readFixture } from './testing/fixtureServer';

describe('parseCbrDaily', () => {
  it('reads the names as the bank wrote them in windows-1251', () => {
    const daily = parseCbrDaily(readFixture('cbr-XML_daily.xml'));
    expect(daily.rates.find((rate) => rate.charCode === 'KGS')?.name).to.equal('Сомов');
    expect(daily.rates.find((rate) => rate.charCode === 'USD')?.name).to.equal('Доллар США');
  });

  it('reads the date of the rates and every listed currency', () => {
    const daily = parseCbrDaily(readFixture('cbr-XML_daily.xml'));
    expect(daily.date).to.equal('2026-01-17');
    expect(daily.rates).to.have.length(53);
  });

  it('turns decimal commas into exact decimals for both the nominal value and the unit rate', () => {
    const kgs = parseCbrDaily(readFixture('cbr-XML_daily.xml')).rates.find((rate) => rate.charCode === 'KGS');
    expect(kgs).to.deep.include({ nominal: 100, value: '89.4511', unitRate: '0.894511' });
  });

  it('divides the value by the nominal where a document predates VunitRate', () => {
    const daily = parseCbrDaily(readFixture('cbr-XML_daily-before-VunitRate.xml'));
    expect(daily.rates.map((rate) => [rate.charCode, rate.unitRate])).to.deep.equal([
      ['USD', '60.3369'],
      ['EUR', '60.4306'],
      ['KZT', '0.126791'],
      ['KGS', '0.748127'],
      ['UAH', '1.63387'],
    ]);
  });

  it('is given a fixture really encoded in windows-1251, not UTF-8', () => {
    const bytes = readFixture('cbr-XML_daily.xml');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).to.throw();
    expect(bytes.includes(Buffer.from('Сомов', 'utf8'))).to.equal(false);
  });

  it('rejects a rate written with a decimal point instead of a comma', async () => {
    const latin1 = readFixture('cbr-XML_daily.xml').toString('latin1');
    const bytes = Buffer.from(latin1.replace('<Value>78,2284</Value>', '<Value>78.2284</Value>'), 'latin1');
    const error = await expectProviderError(Promise.resolve().then(() => parseCbrDaily(bytes)), 'payload');
    expect(error.message).to.equal('cbr: USD <Value> is not a decimal');
  });

  it('rejects a document in an encoding no decoder knows', async () => {
    const text = '<?xml version="1.0" encoding="x-unknown-8bit"?><ValCurs Date="17.01.2026"></ValCurs>';
    await expectProviderError(
      Promise.resolve().then(() => parseCbrDaily(Buffer.from(text, 'latin1'))),
      'payload',
    );
  });
});
