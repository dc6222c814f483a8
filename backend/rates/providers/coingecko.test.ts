import { expect } from 'chai';
import { COINGECKO_COIN_IDS, createCoinGeckoProvider } from './coingecko';
import { expectProviderError } from './testing/expectProviderError';
import {
  jsonFixture,
  readFixture,
  startFixtureServer,
  type FixtureBehaviour,
  type FixtureServer,
} from './testing/fixtureServer';

describe('coingecko provider', () => {
  let server: FixtureServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function coinGeckoAnswering(
    reply: FixtureBehaviour,
    options: { timeoutMs?: number; symbols?: string[]; apiKey?: string } = {},
  ) {
    server = await startFixtureServer(() => reply);
    return createCoinGeckoProvider({ baseUrl: server.baseUrl, timeoutMs: 5000, ...options });
  }

  it('keeps every digit of a price sent as a JSON number', async () => {
    const quotes = await (await coinGeckoAnswering(jsonFixture('coingecko-simple-price.json'))).fetchQuotes();
    const tonRub = quotes.find((quote) => quote.base === 'TON' && quote.quote === 'RUB');
    expect(tonRub).to.include({ bid: '139.19327051786203441', ask: '139.19327051786203441' });
  });

  it('prices each coin in USD and RUB with bid equal to ask, timed by its last update', async () => {
    const quotes = await (await coinGeckoAnswering(jsonFixture('coingecko-simple-price.json'))).fetchQuotes();
    expect(quotes.filter((quote) => quote.base === 'USDT')).to.deep.equal([
      {
        source: 'coingecko',
        base: 'USDT',
        quote: 'USD',
        bid: '0.999911',
        ask: '0.999911',
        at: '2026-01-16T09:14:05.000Z',
      },
      {
        source: 'coingecko',
        base: 'USDT',
        quote: 'RUB',
        bid: '81.26133975187904318',
        ask: '81.26133975187904318',
        at: '2026-01-16T09:14:05.000Z',
      },
    ]);
    expect(quotes).to.have.length(Object.keys(COINGECKO_COIN_IDS).length * 2);
  });

  it('asks for the configured coins by CoinGecko id with their last update time', async () => {
    await (
      await coinGeckoAnswering(jsonFixture('coingecko-simple-price.json'), { symbols: ['BTC', 'TON'] })
    ).fetchQuotes();
    const request = server!.requests[0];
    expect(request.pathname).to.equal('/api/v3/simple/price');
    expect(Object.fromEntries(request.searchParams)).to.deep.equal({
      ids: 'bitcoin,the-open-network',
      vs_currencies: 'usd,rub',
      include_last_updated_at: 'true',
    });
  });

  it('prices only the configured coins when the answer holds more', async () => {
    const provider = await coinGeckoAnswering(jsonFixture('coingecko-simple-price.json'), { symbols: ['BTC'] });
    const quotes = await provider.fetchQuotes();
    expect(quotes.map(({ base, quote, bid }) => `${base}/${quote} ${bid}`)).to.deep.equal([
      'BTC/USD 96418',
      'BTC/RUB 7835066',
    ]);
  });

  it('writes a price sent in exponent notation as a plain decimal', async () => {
    const body = '{"dogecoin":{"usd":1.6391712345e-1,"rub":13.32,"last_updated_at":1768554839}}';
    const quotes = await (await coinGeckoAnswering({ body }, { symbols: ['DOGE'] })).fetchQuotes();
    expect(quotes[0]).to.include({ quote: 'USD', bid: '0.16391712345' });
  });

  it('reports the rate limit with its message and the wait CoinGecko asks for', async () => {
    const provider = await coinGeckoAnswering(
      jsonFixture('coingecko-error-rate-limit.json', 429, { 'retry-after': '60' }),
    );
    const error = await expectProviderError(provider.fetchQuotes(), 'http');
    expect(error).to.include({ status: 429, retryAfterSeconds: 60 });
    expect(error.message).to.contain("error 429: You've exceeded the Rate Limit.");
  });

  it('reports an answer that prices none of the requested coins as a payload error', async () => {
    await expectProviderError(
      (await coinGeckoAnswering(jsonFixture('coingecko-unknown-ids.json'))).fetchQuotes(),
      'payload',
    );
  });

  it('rejects a price that is not a number', async () => {
    const body = '{"bitcoin":{"usd":"n/a","rub":7835066,"last_updated_at":1768554851}}';
    await expectProviderError((await coinGeckoAnswering({ body }, { symbols: ['BTC'] })).fetchQuotes(), 'payload');
  });

  it('rejects a truncated body as a payload error', async () => {
    const body = readFixture('coingecko-simple-price.json').subarray(0, 120);
    await expectProviderError((await coinGeckoAnswering({ body })).fetchQuotes(), 'payload');
  });

  it('sends a demo API key in its header when given one', async () => {
    await (
      await coinGeckoAnswering(jsonFixture('coingecko-simple-price.json'), { apiKey: 'CG-test-key' })
    ).fetchQuotes();
    expect(server!.headers[0]['x-cg-demo-api-key']).to.equal('CG-test-key');
  });

  it('times out when the server never answers', async () => {
    await expectProviderError((await coinGeckoAnswering('no-answer', { timeoutMs: 150 })).fetchQuotes(), 'timeout');
  });

  it('refuses a coin it has no CoinGecko id for', () => {
    expect(() =>
      createCoinGeckoProvider({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000, symbols: ['XYZ'] }),
    ).to.throw('XYZ');
  });
});
