import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import { formatRatesJson } from './json';
import { toExportRows, type ExportAsset, type ExportRow } from './rows';
import { formatRatesTxt } from './txt';
import { escapeXml, formatRatesXml } from './xml';

const ASSETS: ExportAsset[] = [
  { code: 'BTC', type: 'coin', currency: 'BTC', city: null, enabled: true },
  { code: 'SBERRUB', type: 'fiat', currency: 'RUB', city: null, enabled: true },
  { code: 'USDTTRC20', type: 'coin', currency: 'USDT', city: null, enabled: true },
  { code: 'CASHRUBMSK', type: 'cash', currency: 'RUB', city: 'MSK', enabled: true },
];

function rate(overrides: Partial<DirectionRateDto>): DirectionRateDto {
  return {
    from: 'BTC', to: 'SBERRUB', rate: '1', in: '1', out: '1', reserve: '1', min: '1', max: '2',
    rateTypes: ['fixed'], manual: false, updatedAt: '2025-06-01T12:00:00.000Z', stale: false, ...overrides,
  };
}

const RATES: DirectionRateDto[] = [
  rate({ from: 'BTC', to: 'SBERRUB', rate: '7053614', out: '7053614', reserve: '1500000', min: '0.002', max: '0.5', manual: true }),
  rate({
    from: 'USDTTRC20', to: 'CASHRUBMSK', rate: '92.5', out: '92.5', reserve: '3000000', min: '500', max: '50000',
    manual: true, fees: { toFee: { value: '0.5', unit: 'percent' } },
  }),
  rate({ from: 'SBERRUB', to: 'BTC', rate: '0.0000001404494382', in: '7120000', reserve: '12.5', min: '5000', max: '300000' }),
];

const ROWS = toExportRows(RATES, ASSETS);

describe('formatRatesXml', () => {
  it('writes the BestChange document, one item per line', () => {
    expect(formatRatesXml(ROWS).toString('utf8')).to.equal(
      '<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n' +
        '<item><from>BTC</from><to>SBERRUB</to><in>1</in><out>7053614</out><amount>1500000</amount>' +
        '<minamount>0.002 BTC</minamount><maxamount>0.5 BTC</maxamount><param>manual</param></item>\n' +
        '<item><from>USDTTRC20</from><to>CASHRUB</to><in>1</in><out>92.5</out><amount>3000000</amount>' +
        '<minamount>500 USDT</minamount><maxamount>50000 USDT</maxamount><tofee>0.5 %</tofee>' +
        '<city>MSK</city><param>manual</param></item>\n' +
        '<item><from>SBERRUB</from><to>BTC</to><in>7120000</in><out>1</out><amount>12.5</amount>' +
        '<minamount>5000 RUB</minamount><maxamount>300000 RUB</maxamount></item>\n' +
        '</rates>\n',
    );
  });

  it('writes an empty rates element when nothing is published', () => {
    expect(formatRatesXml([]).toString('utf8')).to.equal('<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n</rates>\n');
  });

  it('escapes markup characters in element text', () => {
    const row: ExportRow = { ...ROWS[0], city: 'A&B <"x\'>' };
    expect(formatRatesXml([row]).toString('utf8')).to.contain('<city>A&amp;B &lt;&quot;x&apos;&gt;</city>');
  });
});

describe('escapeXml', () => {
  it('leaves text without markup characters as it is', () => {
    expect(escapeXml('Москва 0.5 %')).to.equal('Москва 0.5 %');
  });
});

describe('formatRatesTxt', () => {
  it('writes FROM;TO;IN;OUT;RESERVE; per line', () => {
    expect(formatRatesTxt(ROWS).toString('utf8')).to.equal(
      'BTC;SBERRUB;1;7053614;1500000;\nUSDTTRC20;CASHRUB;1;92.5;3000000;\nSBERRUB;BTC;7120000;1;12.5;\n',
    );
  });
});

describe('formatRatesJson', () => {
  it('writes a compact array with the XML fields as strings', () => {
    expect(formatRatesJson(ROWS).toString('utf8')).to.equal(
      '[{"from":"BTC","to":"SBERRUB","in":"1","out":"7053614","amount":"1500000","minamount":"0.002 BTC",' +
        '"maxamount":"0.5 BTC","param":"manual"},' +
        '{"from":"USDTTRC20","to":"CASHRUB","in":"1","out":"92.5","amount":"3000000","minamount":"500 USDT",' +
        '"maxamount":"50000 USDT","tofee":"0.5 %","city":"MSK","param":"manual"},' +
        '{"from":"SBERRUB","to":"BTC","in":"7120000","out":"1","amount":"12.5","minamount":"5000 RUB",' +
        '"maxamount":"300000 RUB"}]',
    );
  });
});
