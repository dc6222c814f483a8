import { expect } from 'chai';
import { createBinanceProvider } from './binance';
import { DEFAULT_EXCHANGE_SYMBOLS } from './symbols';
import { expectProviderError } from './testing/expectProviderError';
import {
  jsonFixture,
  readFixture,
  startFixtureServer,
  type FixtureBehaviour,
  type FixtureServer,
} from './testing/fixtureServer';

describe('binance provider', () => {
  let server: FixtureServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function binanceAnswering(reply: FixtureBehaviour, options: { timeoutMs?: number; symbols?: string[] } = {}) {
    server = await startFixtureServer(() => reply);
    return createBinanceProvider({
      baseUrl: server.baseUrl,
      timeoutMs: options.timeoutMs ?? 5000,
      symbols: options.symbols,
    });
  }

  it('turns a book ticker into a quote with the exact bid and ask', async () => {
    const quotes = await (await binanceAnswering(jsonFixture('binance-bookTicker.json'))).fetchQuotes();
    const btc = quotes.find((quote) => quote.base === 'BTC');
    expect(btc).to.include({ source: 'binance', base: 'BTC', quote: 'USDT', bid: '96418.52', ask: '96418.53' });
    expect(Number.isNaN(Date.parse(btc!.at))).to.equal(false);
  });

  it('returns one quote per default symbol, the ETH/BTC cross included', async () => {
    const quotes = await (await binanceAnswering(jsonFixture('binance-bookTicker.json'))).fetchQuotes();
    expect(quotes).to.have.length(DEFAULT_EXCHANGE_SYMBOLS.length);
    expect(quotes.find((quote) => quote.base === 'ETH' && quote.quote === 'BTC')).to.include({
      bid: '0.0342',
      ask: '0.03421',
    });
  });

  it('asks the book ticker endpoint for exactly the configured symbols', async () => {
    const provider = await binanceAnswering(jsonFixture('binance-bookTicker.json'), {
      symbols: ['BTCUSDT', 'TONUSDT'],
    });
    await provider.fetchQuotes();
    expect(server!.requests[0].pathname).to.equal('/api/v3/ticker/bookTicker');
    expect(server!.requests[0].searchParams.get('symbols')).to.equal('["BTCUSDT","TONUSDT"]');
  });

  it('keeps only the configured symbols when the answer holds more', async () => {
    const provider = await binanceAnswering(jsonFixture('binance-bookTicker.json'), { symbols: ['TONUSDT'] });
    const quotes = await provider.fetchQuotes();
    expect(quotes.map(({ base, quote, bid, ask }) => ({ base, quote, bid, ask }))).to.deep.equal([
      { base: 'TON', quote: 'USDT', bid: '1.713', ask: '1.714' },
    ]);
  });

  it('leaves out a market whose book is empty', async () => {
    const tickers = JSON.parse(readFixture('binance-bookTicker.json').toString()) as Record<string, string>[];
    const doge = tickers.find((ticker) => ticker.symbol === 'DOGEUSDT')!;
    Object.assign(doge, { bidPrice: '0.00000000', bidQty: '0.00000000', askPrice: '0.00000000', askQty: '0.00000000' });
    const quotes = await (await binanceAnswering({ body: JSON.stringify(tickers) })).fetchQuotes();
    expect(quotes.map((quote) => quote.base)).to.not.include('DOGE');
  });

  it('reports an unknown symbol as an HTTP error carrying Binance code and message', async () => {
    const provider = await binanceAnswering(jsonFixture('binance-error-invalid-symbol.json', 400));
    const error = await expectProviderError(provider.fetchQuotes(), 'http');
    expect(error.status).to.equal(400);
    expect(error.message).to.equal('binance: HTTP 400: code -1121: Invalid symbol.');
  });

  it('reports a rate limit with the wait Binance asks for', async () => {
    const provider = await binanceAnswering(jsonFixture('binance-error-rate-limit.json', 429, { 'retry-after': '23' }));
    const error = await expectProviderError(provider.fetchQuotes(), 'http');
    expect(error).to.include({ status: 429, retryAfterSeconds: 23 });
  });

  it('reports an IP ban with its status and wait', async () => {
    const provider = await binanceAnswering(
      jsonFixture('binance-error-ip-banned.json', 418, { 'retry-after': '3600' }),
    );
    const error = await expectProviderError(provider.fetchQuotes(), 'http');
    expect(error).to.include({ status: 418, retryAfterSeconds: 3600 });
    expect(error.message).to.contain('IP banned until');
  });

  it('reports a restricted location as an HTTP 451 error', async () => {
    const provider = await binanceAnswering(jsonFixture('binance-error-restricted-location.json', 451));
    const error = await expectProviderError(provider.fetchQuotes(), 'http');
    expect(error.status).to.equal(451);
  });

  it('rejects a truncated body as a payload error', async () => {
    const body = readFixture('binance-bookTicker.json').subarray(0, 300);
    await expectProviderError((await binanceAnswering({ body })).fetchQuotes(), 'payload');
  });

  it('rejects an error object sent with HTTP 200 as a payload error with its message', async () => {
    const provider = await binanceAnswering(jsonFixture('binance-error-invalid-symbol.json', 200));
    const error = await expectProviderError(provider.fetchQuotes(), 'payload');
    expect(error.message).to.contain('Invalid symbol.');
  });

  it('rejects a book ticker without a decimal bid price', async () => {
    const body = JSON.stringify([
      { symbol: 'BTCUSDT', bidPrice: null, bidQty: '1', askPrice: '96418.53', askQty: '1' },
    ]);
    await expectProviderError((await binanceAnswering({ body })).fetchQuotes(), 'payload');
  });

  it('times out when the server never answers', async () => {
    const provider = await binanceAnswering('no-answer', { timeoutMs: 150 });
    await expectProviderError(provider.fetchQuotes(), 'timeout');
  });

  it('refuses a symbol whose quote asset it cannot tell', () => {
    expect(() =>
      createBinanceProvider({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000, symbols: ['BTCXYZ'] }),
    ).to.throw('cannot tell the quote asset of symbol "BTCXYZ"');
  });
});
