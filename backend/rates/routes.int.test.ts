import { expect } from 'chai';
import type { DirectionRateDto } from '../../common/catalogue';
import type { DirectionQuoteDto, RatesDto } from '../../common/events';
import { Big } from '../../common/money';
import { receiveForSend, sendForReceive } from '../../common/rateMath';
import { loadCatalogue } from '../catalogue/repository';
import { connectRatesClient, startTestWorker } from './testing/live';
import { startTestServer, type TestServer } from '../test/server';

interface Answer<T> {
  status: number;
  body: { success: true; data: T } | { success: false; error: { code: string; message: string; fields?: Record<string, string> } };
}

describe('GET /api/rates/:from/:to', function () {
  this.timeout(30_000);
  let server: TestServer;
  let rates: Map<string, DirectionRateDto>;

  async function get<T>(path: string, lang = 'en'): Promise<Answer<T>> {
    const response = await fetch(`${server.url}${path}`, { headers: { lang } });
    return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
  }

  async function quote(path: string, lang = 'en'): Promise<DirectionQuoteDto> {
    const answer = await get<DirectionQuoteDto>(path, lang);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return (answer.body as { data: DirectionQuoteDto }).data;
  }

  async function failure(path: string, lang = 'en') {
    const answer = await get<never>(path, lang);
    if (answer.body.success) throw new Error(`${path} succeeded`);
    return { status: answer.status, ...answer.body.error };
  }

  before(async () => {
    server = await startTestServer();
    const client = await connectRatesClient(server.url);
    const worker = await startTestWorker(server);
    await client.waitForRates();
    client.close();
    // The snapshot holds for minutes after its worker stops: the rates below stay put.
    await worker.close();
    const snapshot = (await get<RatesDto>('/api/rates')).body as { data: RatesDto };
    rates = new Map(snapshot.data.rates.map((rate) => [`${rate.from}/${rate.to}`, rate]));
  });

  after(async () => {
    await server.close();
  });

  it('answers the direction alone without an amount', async () => {
    const answer = await quote('/api/rates/BTC/SBERRUB');
    expect(answer.rate).to.deep.equal(rates.get('BTC/SBERRUB'));
    expect(answer.quote).to.equal(null);
  });

  it('gives what is received for an amount sent, rounded down to the kopeck', async () => {
    const rate = rates.get('BTC/SBERRUB')!;
    const answer = await quote(`/api/rates/BTC/SBERRUB?amountSend=${rate.min}`);
    expect(answer.quote).to.deep.equal({
      amountSend: rate.min,
      amountReceive: receiveForSend(rate.min, rate.rate, 2),
      violation: null,
    });
  });

  it('gives what must be sent for an amount received, rounded up to the satoshi', async () => {
    const rate = rates.get('BTC/SBERRUB')!;
    const answer = await quote('/api/rates/BTC/SBERRUB?amountReceive=150000');
    expect(answer.quote).to.deep.equal({
      amountSend: sendForReceive('150000', rate.rate, 8),
      amountReceive: '150000',
      violation: null,
    });
    expect(new Big(receiveForSend(answer.quote!.amountSend, rate.rate, 2)).gte('150000')).to.equal(true);
  });

  it('explains an amount below the minimum, in the language asked for', async () => {
    const rate = rates.get('BTC/SBERRUB')!;
    const english = await quote('/api/rates/BTC/SBERRUB?amountSend=0.00001');
    expect(english.quote!.violation).to.deep.equal({
      code: 'below_min',
      message: `The value must not be below the minimum: ${rate.min} BTC`,
    });
    const russian = await quote('/api/rates/BTC/SBERRUB?amountSend=0.00001', 'ru');
    expect(russian.quote!.violation!.message).to.equal(`Значение должно быть не меньше минимума: ${rate.min} BTC`);
  });

  it('explains an amount above the maximum', async () => {
    const rate = rates.get('BTC/SBERRUB')!;
    const over = new Big(rate.max).plus('0.00000001').toFixed();
    const answer = await quote(`/api/rates/BTC/SBERRUB?amountSend=${over}`);
    expect(answer.quote!.violation).to.deep.equal({ code: 'above_max', message: `Maximum exceeded: ${rate.max} BTC` });
  });

  it('says the reserve ran out where the reserve caps the maximum', async () => {
    const { directions } = await loadCatalogue(server.db);
    const capped = directions.find((direction) => {
      const rate = rates.get(`${direction.from}/${direction.to}`);
      return rate !== undefined && new Big(rate.max).lt(direction.maxAmount);
    });
    expect(capped, 'a direction whose maximum the reserve caps').to.not.equal(undefined);
    const rate = rates.get(`${capped!.from}/${capped!.to}`)!;
    const answer = await quote(`/api/rates/${capped!.from}/${capped!.to}?amountSend=${capped!.maxAmount}`);
    expect(answer.quote!.violation!.code).to.equal('above_reserve');
    expect(answer.quote!.violation!.message).to.match(new RegExp(`^Insufficient reserve: ${rate.reserve.replace('.', '\\.')} [A-Z]+ available$`));
  });

  it('refuses more decimals than the asset keeps', async () => {
    const answer = await quote('/api/rates/BTC/SBERRUB?amountSend=0.123456789');
    expect(answer.quote!.violation).to.deep.equal({ code: 'precision', message: 'Too many digits after the point: at most 8' });
  });

  it('rejects an amount that is not a decimal string', async () => {
    const error = await failure('/api/rates/BTC/SBERRUB?amountSend=1e3');
    expect(error).to.include({ status: 400, code: 'validation_failed' });
    expect(error.fields).to.deep.equal({ amountSend: 'Invalid amount entered' });
  });

  it('rejects both amounts at once', async () => {
    const error = await failure('/api/rates/BTC/SBERRUB?amountSend=0.01&amountReceive=1000');
    expect(error).to.include({ status: 400, code: 'validation_failed' });
    expect(error.fields).to.deep.equal({ amountReceive: 'Enter either the amount to send or the amount to receive' });
  });

  it('answers 404 for a direction that is not offered', async () => {
    const error = await failure('/api/rates/BTC/NOPE');
    expect(error).to.include({ status: 404, code: 'not_found', message: 'This exchange direction is not available' });
  });

  it('says "available in one way only" when only the reverse is offered', async () => {
    expect(rates.has('USDTTRC20/OPTIMAKGS')).to.equal(true);
    expect(rates.has('OPTIMAKGS/USDTTRC20')).to.equal(false);
    const error = await failure('/api/rates/OPTIMAKGS/USDTTRC20');
    expect(error).to.include({ status: 404, message: 'Direction available in one way only' });
  });
});
