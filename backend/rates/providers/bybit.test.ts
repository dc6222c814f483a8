import { expect } from 'chai';
import { createBybitProvider } from './bybit';
import { DEFAULT_EXCHANGE_SYMBOLS } from './symbols';
import { expectProviderError } from './testing/expectProviderError';
import {
  jsonFixture,
  readFixture,
  startFixtureServer,
  type FixtureBehaviour,
  type FixtureServer,
} from './testing/fixtureServer';

describe('bybit provider', () => {
  let server: FixtureServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function bybitAnswering(reply: FixtureBehaviour, options: { timeoutMs?: number; symbols?: string[] } = {}) {
    server = await startFixtureServer(() => reply);
    return createBybitProvider({
      baseUrl: server.baseUrl,
      timeoutMs: options.timeoutMs ?? 5000,
      symbols: options.symbols,
    });
  }

  function tickersWith(symbol: string, fields: Record<string, string>): string {
    const document = JSON.parse(readFixture('bybit-tickers-spot.json').toString());
    Object.assign(
      document.result.list.find((ticker: { symbol: string }) => ticker.symbol === symbol),
      fields,
    );
    return JSON.stringify(document);
  }

  it('turns a spot ticker into a quote with the exact best bid and ask, timed by the answer', async () => {
    const quotes = await (await bybitAnswering(jsonFixture('bybit-tickers-spot.json'))).fetchQuotes();
    expect(quotes.find((quote) => quote.base === 'TON')).to.deep.equal({
      source: 'bybit',
      base: 'TON',
      quote: 'USDT',
      bid: '1.7131',
      ask: '1.7136',
      at: '2026-01-16T09:14:27.123Z',
    });
  });

  it('keeps only the configured symbols out of every spot market', async () => {
    const quotes = await (await bybitAnswering(jsonFixture('bybit-tickers-spot.json'))).fetchQuotes();
    expect(quotes).to.have.length(DEFAULT_EXCHANGE_SYMBOLS.length);
    expect(quotes.map((quote) => quote.base)).to.not.include.members(['MNT']);
    expect(quotes.filter((quote) => quote.base === 'BTC').map((quote) => quote.quote)).to.deep.equal(['USDT']);
  });

  it('asks for the spot category of the v5 tickers endpoint', async () => {
    await (await bybitAnswering(jsonFixture('bybit-tickers-spot.json'))).fetchQuotes();
    expect(server!.requests[0].pathname).to.equal('/v5/market/tickers');
    expect(server!.requests[0].searchParams.get('category')).to.equal('spot');
  });

  it('polls a symbol outside the defaults when configured', async () => {
    const provider = await bybitAnswering(jsonFixture('bybit-tickers-spot.json'), { symbols: ['BTCEUR'] });
    const quotes = await provider.fetchQuotes();
    expect(quotes.map(({ base, quote, bid, ask }) => ({ base, quote, bid, ask }))).to.deep.equal([
      { base: 'BTC', quote: 'EUR', bid: '83018.6', ask: '83044.9' },
    ]);
  });

  it('leaves out a market with an empty side of the book', async () => {
    const body = tickersWith('LTCUSDT', { bid1Price: '', bid1Size: '' });
    const quotes = await (await bybitAnswering({ body })).fetchQuotes();
    expect(quotes.map((quote) => quote.base)).to.not.include('LTC');
  });

  it('reports a non-zero retCode sent with HTTP 200 as a payload error with its message', async () => {
    const provider = await bybitAnswering(jsonFixture('bybit-error-invalid-category.json'));
    const error = await expectProviderError(provider.fetchQuotes(), 'payload');
    expect(error.message).to.equal('bybit: retCode 10001: Illegal category');
  });

  it('reports Bybit rate limit retCode as a payload error', async () => {
    const provider = await bybitAnswering(jsonFixture('bybit-error-too-many-visits.json'));
    const error = await expectProviderError(provider.fetchQuotes(), 'payload');
    expect(error.message).to.contain('retCode 10006');
  });

  it('reports a blocked region page as an HTTP 403 error', async () => {
    const reply = {
      status: 403,
      headers: { 'content-type': 'text/html' },
      body: readFixture('bybit-error-region-blocked.html'),
    };
    const error = await expectProviderError((await bybitAnswering(reply)).fetchQuotes(), 'http');
    expect(error.status).to.equal(403);
    expect(error.message).to.contain('The request could not be satisfied');
  });

  it('reports a server error as an HTTP error', async () => {
    const error = await expectProviderError(
      (await bybitAnswering({ status: 502, body: 'Bad Gateway' })).fetchQuotes(),
      'http',
    );
    expect(error.status).to.equal(502);
  });

  it('rejects a truncated body as a payload error', async () => {
    const body = readFixture('bybit-tickers-spot.json').subarray(0, 500);
    await expectProviderError((await bybitAnswering({ body })).fetchQuotes(), 'payload');
  });

  it('rejects an answer without a ticker list', async () => {
    const body = JSON.stringify({ retCode: 0, retMsg: 'OK', result: {}, retExtInfo: {}, time: 1768554867123 });
    await expectProviderError((await bybitAnswering({ body })).fetchQuotes(), 'payload');
  });

  it('times out when the server never answers', async () => {
    await expectProviderError((await bybitAnswering('no-answer', { timeoutMs: 150 })).fetchQuotes(), 'timeout');
  });
});
