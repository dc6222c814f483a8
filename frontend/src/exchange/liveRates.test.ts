import { expect } from 'chai';
import type { DirectionRateDto } from '../../../common/catalogue';
import { setApiBase } from '../api/client';
import {
  applyRatesUpdate,
  applyReservesUpdate,
  loadRates,
  resetLiveRates,
  useLiveRatesStore,
} from './liveRates';
import { failure, ok, startTestApi, type Answer, type TestApi } from './testing/apiServer';
import { RATES, ratesSnapshot } from './testing/fixtures';

const BTC_RUB = RATES[0];
const UPDATED = ratesSnapshot().updatedAt!;
const moved = (rate: string): DirectionRateDto => ({ ...BTC_RUB, rate, out: rate });
const rateOf = (key: string) => useLiveRatesStore.getState().rates.get(key)?.rate;
const snapshotRequests = (api: TestApi) => api.requests.filter((request) => request.path === '/rates').length;

describe('live rates', () => {
  let api: TestApi;

  beforeEach(async () => {
    resetLiveRates();
    api = await startTestApi({ 'GET /rates': ok(ratesSnapshot()) });
    setApiBase(api.base);
  });

  afterEach(async () => {
    setApiBase('/api');
    await api.close();
  });

  it('loads the snapshot of GET /api/rates', async () => {
    await loadRates();
    const state = useLiveRatesStore.getState();
    expect(state).to.include({ status: 'ready', version: 5, error: null });
    expect(state.rates.size).to.equal(RATES.length);
    expect(rateOf('BTC>SBERRUB')).to.equal('7000000');
    expect(state.reserves.SBERRUB).to.equal('1500000');
  });

  it('applies the next version: changed rates replace theirs, removed ones go', async () => {
    await loadRates();
    applyRatesUpdate({ version: 6, rates: [moved('7100000')], removed: [{ from: 'BTC', to: 'CARDKGS' }], at: '2026-11-21T12:00:05.000Z' });
    expect(rateOf('BTC>SBERRUB')).to.equal('7100000');
    expect(useLiveRatesStore.getState().rates.has('BTC>CARDKGS')).to.equal(false);
    expect(useLiveRatesStore.getState()).to.include({ version: 6, updatedAt: '2026-11-21T12:00:05.000Z' });
  });

  it('applies the reserves of the same version as its rates', async () => {
    await loadRates();
    applyRatesUpdate({ version: 6, rates: [moved('7100000')], removed: [], at: '2026-11-21T12:00:05.000Z' });
    applyReservesUpdate({ version: 6, reserves: [{ code: 'SBERRUB', amount: '1499000' }], removed: ['CARDKGS'], at: '2026-11-21T12:00:05.000Z' });
    expect(useLiveRatesStore.getState().reserves.SBERRUB).to.equal('1499000');
    expect(useLiveRatesStore.getState().reserves).to.not.have.property('CARDKGS');
    expect(snapshotRequests(api)).to.equal(1);
  });

  it('ignores an update older than what it has', async () => {
    await loadRates();
    applyRatesUpdate({ version: 4, rates: [moved('1')], removed: [], at: '2026-11-21T11:59:55.000Z' });
    expect(rateOf('BTC>SBERRUB')).to.equal('7000000');
  });

  it('loads the snapshot again when a version was skipped', async () => {
    await loadRates();
    api.on('GET /rates', ok(ratesSnapshot({ version: 9, rates: [moved('7200000')] })));
    applyRatesUpdate({ version: 8, rates: [moved('1')], removed: [], at: '2026-11-21T12:00:20.000Z' });
    expect(rateOf('BTC>SBERRUB'), 'the update after a gap is not applied').to.equal('7000000');
    await loadRates();
    expect(snapshotRequests(api)).to.equal(2);
    expect(useLiveRatesStore.getState().version).to.equal(9);
    expect(rateOf('BTC>SBERRUB')).to.equal('7200000');
  });

  it('replays over the snapshot the updates that arrived while it loaded, when newer', async () => {
    let release: (answer: Answer) => void = () => undefined;
    let arrived: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    api.on('GET /rates', () => {
      arrived();
      return new Promise<Answer>((resolve) => (release = resolve));
    });
    const loading = loadRates();
    await requested;
    applyRatesUpdate({ version: 5, rates: [moved('1')], removed: [], at: UPDATED });
    applyRatesUpdate({ version: 6, rates: [moved('7050000')], removed: [], at: '2026-11-21T12:00:05.000Z' });
    release(ok(ratesSnapshot()));
    await loading;
    expect(useLiveRatesStore.getState().version).to.equal(6);
    expect(rateOf('BTC>SBERRUB')).to.equal('7050000');
  });

  it('shows the error of a failed first load', async () => {
    api.on('GET /rates', failure(503, 'service_unavailable', 'Rates are not ready yet'));
    await loadRates();
    expect(useLiveRatesStore.getState()).to.include({ status: 'error', error: 'Rates are not ready yet' });
  });

  it('keeps what it has when a later load fails', async () => {
    await loadRates();
    api.on('GET /rates', failure(503, 'service_unavailable', 'Rates are not ready yet'));
    await loadRates();
    expect(useLiveRatesStore.getState()).to.include({ status: 'ready', error: null });
    expect(rateOf('BTC>SBERRUB')).to.equal('7000000');
  });
});
