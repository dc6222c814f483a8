import { expect } from 'chai';
import { setApiBase } from '../api/client';
import { queryClient } from '../api/queryClient';
import { ok, startTestApi, type TestApi } from '../exchange/testing/apiServer';
import { orderQueryKey } from './api';
import { prefetchFirstOrder } from './prefetch';
import { orderFixture } from './testing/fixtures';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('an order page’s order, asked for at start-up', () => {
  const order = orderFixture({ uid: 'U1' });
  let api: TestApi;

  beforeEach(async () => {
    queryClient.clear();
    api = await startTestApi({ 'GET /orders/U1/S1': ok(order) });
    setApiBase(api.base);
  });

  afterEach(async () => {
    queryClient.clear();
    setApiBase('/api');
    await api.close();
  });

  const orderRequests = () => api.requests.filter((request) => request.path.startsWith('/orders'));

  it('asks once and keeps the answer under the key the page reads (useOrderLive)', async () => {
    prefetchFirstOrder('/order/U1/S1');
    for (let waited = 0; queryClient.getQueryData(orderQueryKey('U1', 'S1')) === undefined && waited < 2000; waited += 20) await settle();
    expect(queryClient.getQueryData(orderQueryKey('U1', 'S1'))).to.deep.equal(order);
    expect(orderRequests().map((request) => request.path)).to.deep.equal(['/orders/U1/S1']);
  });

  it('asks for nothing on any other page', async () => {
    prefetchFirstOrder('/reserves');
    prefetchFirstOrder('/order/U1');
    prefetchFirstOrder('/');
    await settle();
    expect(orderRequests()).to.deep.equal([]);
  });

  it('keeps a refusal as the query’s error, for the page to show (a wrong secret is a 404)', async () => {
    prefetchFirstOrder('/order/U1/WRONG');
    for (let waited = 0; queryClient.getQueryState(orderQueryKey('U1', 'WRONG'))?.status !== 'error' && waited < 2000; waited += 20) await settle();
    expect(queryClient.getQueryState(orderQueryKey('U1', 'WRONG'))?.error).to.have.property('status', 404);
  });
});
