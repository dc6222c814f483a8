import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../common/events';
import type { RatesWatch } from '../../../common/ratesScope';
import type { AppSocket } from '../realtime/socket';
import { setApiBase } from '../api/client';
import { applyPairFrame, applyReservesUpdate, loadRates, resetLiveRates, setLiveSocketSource, useLiveRatesStore, watchRates } from './liveRates';
import { failure, ok, startTestApi, type Answer, type TestApi } from './testing/apiServer';
import { RATES, ratesSnapshot } from './testing/fixtures';

const rateOf = (key: string) => useLiveRatesStore.getState().rates.get(key)?.rate;
const snapshotRequests = (api: TestApi) => api.requests.filter((request) => request.path === '/rates');
const AT = '2026-11-21T12:00:05.000Z';
const BTC_RUB = { from: 'BTC', to: 'SBERRUB' };

describe('live rates', () => {
  let api: TestApi;
  let unwatch: () => void = () => undefined;

  beforeEach(async () => {
    resetLiveRates();
    setLiveSocketSource(() => null);
    api = await startTestApi({ 'GET /rates': ok(ratesSnapshot({ rates: [RATES[0]] })) });
    setApiBase(api.base);
  });

  afterEach(async () => {
    unwatch();
    setApiBase('/api');
    await api.close();
  });

  /** GET /rates answers only when `release` is called; `requested` resolves once it has been asked. */
  function holdSnapshotAnswer(): { requested: Promise<void>; release: (answer: Answer) => void } {
    let answer: (value: Answer) => void = () => undefined;
    let arrived: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    api.on('GET /rates', () => {
      arrived();
      return new Promise<Answer>((resolve) => (answer = resolve));
    });
    return { requested, release: (value) => answer(value) };
  }

  async function watchPair(): Promise<void> {
    unwatch = watchRates({ pairs: [BTC_RUB] });
    await loadRates();
  }

  it('asks GET /api/rates for the watched pairs only, and the reserves only when watched', async () => {
    await watchPair();
    expect(snapshotRequests(api).map((request) => request.query)).to.include('pairs=BTC-SBERRUB');
    const state = useLiveRatesStore.getState();
    expect(state).to.include({ status: 'ready', version: 5, error: null, reservesVersion: -1 });
    expect(rateOf('BTC>SBERRUB')).to.equal('7000000');
    expect(state.reserves).to.deep.equal({});
    const second = watchRates({ reserves: true });
    await loadRates();
    expect(snapshotRequests(api).at(-1)?.query).to.equal('pairs=BTC-SBERRUB&reserves=1');
    second();
  });

  it('asks for nothing while nothing is watched (never the whole snapshot)', async () => {
    unwatch = watchRates({ pairs: [] });
    await loadRates();
    expect(snapshotRequests(api)).to.deep.equal([]);
    expect(useLiveRatesStore.getState()).to.include({ status: 'ready' });
  });

  it('applies a frame of a watched pair: only the fields it carries change', async () => {
    await watchPair();
    applyPairFrame({ k: 'BTC>SBERRUB', v: 6, p: 5, d: { rate: '7100000', out: '7100000', updatedAt: AT } });
    const rate = useLiveRatesStore.getState().rates.get('BTC>SBERRUB')!;
    expect(rate).to.deep.equal({ ...RATES[0], rate: '7100000', out: '7100000', updatedAt: AT });
    expect(useLiveRatesStore.getState()).to.include({ version: 6, updatedAt: AT });
    applyPairFrame({ k: 'BTC>SBERRUB', v: 9, p: 6, d: null });
    expect(useLiveRatesStore.getState().rates.has('BTC>SBERRUB')).to.equal(false);
    expect(snapshotRequests(api)).to.have.length(1);
  });

  it('ignores a frame no newer than what it holds, and frames of pairs it does not watch', async () => {
    await watchPair();
    applyPairFrame({ k: 'BTC>SBERRUB', v: 5, p: 3, d: { rate: '1' } });
    applyPairFrame({ k: 'ETH>SBERRUB', v: 6, p: 5, d: { ...RATES[3], rate: '2' } });
    expect(rateOf('BTC>SBERRUB')).to.equal('7000000');
    expect(useLiveRatesStore.getState().rates.has('ETH>SBERRUB')).to.equal(false);
    expect(snapshotRequests(api)).to.have.length(1);
  });

  it('loads the snapshot again when a change of the pair was missed, or the count started again', async () => {
    await watchPair();
    api.on('GET /rates', ok(ratesSnapshot({ version: 9, rates: [{ ...RATES[0], rate: '7200000' }] })));
    applyPairFrame({ k: 'BTC>SBERRUB', v: 8, p: 7, d: { rate: '1' } });
    expect(rateOf('BTC>SBERRUB'), 'a frame after a missed change is not applied').to.equal('7000000');
    await loadRates();
    expect(useLiveRatesStore.getState().version).to.equal(9);
    expect(rateOf('BTC>SBERRUB')).to.equal('7200000');
    const before = snapshotRequests(api).length;
    applyPairFrame({ k: 'BTC>SBERRUB', v: 2, p: 12, d: { rate: '1' } });
    await loadRates();
    expect(snapshotRequests(api).length).to.be.above(before);
  });

  it('applies reserves updates in order and loads again after a missed one', async () => {
    unwatch = watchRates({ reserves: true });
    await loadRates();
    applyReservesUpdate({ version: 8, previous: 5, reserves: [{ code: 'SBERRUB', amount: '1499000' }], removed: ['CARDKGS'], at: AT });
    expect(useLiveRatesStore.getState().reserves.SBERRUB).to.equal('1499000');
    expect(useLiveRatesStore.getState().reserves).to.not.have.property('CARDKGS');
    expect(snapshotRequests(api)).to.have.length(1);
    applyReservesUpdate({ version: 11, previous: 10, reserves: [{ code: 'SBERRUB', amount: '1' }], removed: [], at: AT });
    expect(useLiveRatesStore.getState().reserves.SBERRUB).to.equal('1499000');
    await loadRates();
    expect(snapshotRequests(api).length).to.be.above(1);
  });

  it('replays over the snapshot the frames that arrived while it loaded, when newer', async () => {
    const { requested, release } = holdSnapshotAnswer();
    unwatch = watchRates({ pairs: [BTC_RUB] });
    const loading = loadRates();
    await requested;
    applyPairFrame({ k: 'BTC>SBERRUB', v: 5, p: 4, d: { rate: '1' } });
    applyPairFrame({ k: 'BTC>SBERRUB', v: 6, p: 5, d: { rate: '7050000' } });
    release(ok(ratesSnapshot({ rates: [RATES[0]] })));
    await loading;
    expect(useLiveRatesStore.getState().version).to.equal(6);
    expect(rateOf('BTC>SBERRUB')).to.equal('7050000');
  });

  it('watches over the socket when it connects while the HTTP snapshot loads (joining the pair\'s room)', async () => {
    // A real Socket.IO server and client: the client connects only once the HTTP load is in flight.
    const { io: connect } = await import('socket.io-client');
    const http = createServer();
    const io = new Server<ClientToServerEvents, ServerToClientEvents>(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const watches: RatesWatch[] = [];
    io.on('connection', (socket) => {
      socket.on('rates:watch', (payload, ack) => {
        watches.push(payload);
        ack({ data: ratesSnapshot({ rates: [{ ...RATES[0], rate: '7200000' }], version: 7 }) });
      });
    });
    const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { autoConnect: false, transports: ['websocket'] });
    setLiveSocketSource(() => client as AppSocket);
    try {
      const { requested, release } = holdSnapshotAnswer();
      unwatch = watchRates({ pairs: [BTC_RUB] });
      const loading = loadRates();
      await requested;
      await new Promise<void>((resolve) => client.once('connect', () => resolve()).connect());
      release(ok(ratesSnapshot({ rates: [RATES[0]] })));
      await loading;
      // The watch follows the HTTP load (on its own: nothing here asks again).
      for (let waited = 0; useLiveRatesStore.getState().version !== 7 && waited < 2000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(watches).to.deep.equal([{ pairs: [BTC_RUB], reserves: false }]);
      expect(rateOf('BTC>SBERRUB')).to.equal('7200000');
    } finally {
      unwatch();
      unwatch = () => undefined;
      client.disconnect();
      await io.close();
    }
  });

  it('changes nothing when a snapshot brings what it holds, and keeps the unchanged parts of a newer one', async () => {
    unwatch = watchRates({ pairs: [BTC_RUB], reserves: true });
    await loadRates();
    const first = useLiveRatesStore.getState();
    let notified = 0;
    const unsubscribe = useLiveRatesStore.subscribe(() => (notified += 1));
    try {
      // A reconnect's snapshot (or the socket's after the HTTP one): the same content, new objects.
      await loadRates();
      expect(snapshotRequests(api)).to.have.length(2);
      expect(notified).to.equal(0);
      expect(useLiveRatesStore.getState()).to.equal(first);

      // A newer snapshot that moved only the rate: the reserves stay the same object (no card re-renders).
      api.on('GET /rates', ok(ratesSnapshot({ rates: [{ ...RATES[0], rate: '7100000' }], version: 6 })));
      await loadRates();
      const next = useLiveRatesStore.getState();
      expect(notified).to.equal(1);
      expect(next.version).to.equal(6);
      expect(rateOf('BTC>SBERRUB')).to.equal('7100000');
      expect(next.reserves).to.equal(first.reserves);
      expect(next.rates).to.not.equal(first.rates);

      // A moved reserve is a new reserves object.
      api.on('GET /rates', ok(ratesSnapshot({ rates: [{ ...RATES[0], rate: '7100000' }], version: 7, reserves: [{ code: 'SBERRUB', amount: '1' }] })));
      await loadRates();
      expect(useLiveRatesStore.getState().reserves).to.deep.equal({ SBERRUB: '1' });
      expect(useLiveRatesStore.getState().rates).to.equal(next.rates);
    } finally {
      unsubscribe();
    }
  });

  it('shows the error of a failed first load', async () => {
    api.on('GET /rates', failure(503, 'service_unavailable', 'Rates are not ready yet'));
    unwatch = watchRates({ pairs: [BTC_RUB] });
    await loadRates();
    expect(useLiveRatesStore.getState()).to.include({ status: 'error', error: 'Rates are not ready yet' });
  });

  it('keeps what it has when a later load fails', async () => {
    await watchPair();
    api.on('GET /rates', failure(503, 'service_unavailable', 'Rates are not ready yet'));
    await loadRates();
    expect(useLiveRatesStore.getState()).to.include({ status: 'ready', error: null });
    expect(rateOf('BTC>SBERRUB')).to.equal('7000000');
  });
});
