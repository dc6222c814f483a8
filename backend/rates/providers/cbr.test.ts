import { expect } from 'chai';
import { createCbrProvider } from './cbr';
import { expectProviderError } from './testing/expectProviderError';
import { readFixture, startFixtureServer, type FixtureBehaviour, type FixtureServer } from './testing/fixtureServer';

const XML_1251 = { 'content-type': 'application/xml; charset=windows-1251' };

describe('cbr provider', () => {
  let server: FixtureServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function cbrAnswering(reply: FixtureBehaviour, options: { timeoutMs?: number; symbols?: string[] } = {}) {
    server = await startFixtureServer(() => reply);
    return createCbrProvider({
      baseUrl: server.baseUrl,
      timeoutMs: options.timeoutMs ?? 5000,
      symbols: options.symbols,
    });
  }

  it('quotes a currency in roubles at the bank rate, effective from Moscow midnight', async () => {
    const provider = await cbrAnswering({ headers: XML_1251, body: readFixture('cbr-XML_daily.xml') });
    const quotes = await provider.fetchQuotes();
    expect(quotes.find((quote) => quote.base === 'USD')).to.deep.equal({
      source: 'cbr',
      base: 'USD',
      quote: 'RUB',
      bid: '78.2284',
      ask: '78.2284',
      at: '2026-01-16T21:00:00.000Z',
    });
  });

  it('quotes one unit of a currency listed per 100 units', async () => {
    const quotes = await (
      await cbrAnswering({ headers: XML_1251, body: readFixture('cbr-XML_daily.xml') })
    ).fetchQuotes();
    expect(quotes.find((quote) => quote.base === 'KGS')).to.include({ bid: '0.894511', ask: '0.894511' });
    expect(quotes.find((quote) => quote.base === 'KZT')).to.include({ bid: '0.15287', ask: '0.15287' });
  });

  it('asks the daily rates script', async () => {
    await (await cbrAnswering({ headers: XML_1251, body: readFixture('cbr-XML_daily.xml') })).fetchQuotes();
    expect(server!.requests[0].pathname).to.equal('/scripts/XML_daily.asp');
  });

  it('keeps only the configured currencies', async () => {
    const provider = await cbrAnswering(
      { headers: XML_1251, body: readFixture('cbr-XML_daily.xml') },
      { symbols: ['USD', 'EUR', 'KGS'] },
    );
    expect((await provider.fetchQuotes()).map((quote) => quote.base)).to.deep.equal(['USD', 'EUR', 'KGS']);
  });

  it('reports the bank refusing the parameters as a payload error with its words', async () => {
    const provider = await cbrAnswering({ headers: XML_1251, body: readFixture('cbr-error-in-parameters.xml') });
    const error = await expectProviderError(provider.fetchQuotes(), 'payload');
    expect(error.message).to.equal('cbr: the bank answered "Error in parameters"');
  });

  it('reports a server error as an HTTP error', async () => {
    const error = await expectProviderError(
      (await cbrAnswering({ status: 503, body: 'Service Unavailable' })).fetchQuotes(),
      'http',
    );
    expect(error.status).to.equal(503);
  });

  it('rejects a truncated document as a payload error', async () => {
    const body = readFixture('cbr-XML_daily.xml').subarray(0, 700);
    await expectProviderError((await cbrAnswering({ headers: XML_1251, body })).fetchQuotes(), 'payload');
  });

  it('times out when the server never answers', async () => {
    await expectProviderError((await cbrAnswering('no-answer', { timeoutMs: 150 })).fetchQuotes(), 'timeout');
  });
});
