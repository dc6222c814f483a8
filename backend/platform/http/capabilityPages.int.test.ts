import { expect } from 'chai';
import type { CreateOrderResponse } from '../../../common/orders';
import { TestClient } from '../../accounts/testing';
import { buildDirection, orderRequest } from '../../orders/testing';
import { startTestServer, type TestServer } from '../../test/server';

describe('capability URLs are never stored by caches', function () {
  this.timeout(30_000);
  let server: TestServer;
  let order: CreateOrderResponse;

  before(async () => {
    server = await startTestServer();
    const created = await new TestClient(server.url).post('/orders', orderRequest(await buildDirection(server)));
    order = created.body.data as CreateOrderResponse;
  });

  after(() => server.close());

  const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual', headers: { lang: 'en' } });

  it('sends the order page with Cache-Control: no-store and no referrer', async () => {
    const page = await get(order.url);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(page.headers.get('cache-control')).to.equal('no-store');
    expect(page.headers.get('referrer-policy')).to.equal('no-referrer');
  });

  it('answers the order API with no-store, for the right secret and a wrong one', async () => {
    const found = await get(`/api/orders/${order.uid}/${order.secret}`);
    expect(found.status).to.equal(200);
    expect(found.headers.get('cache-control')).to.equal('no-store');
    const wrong = await get(`/api/orders/${order.uid}/${'A'.repeat(43)}`);
    expect(wrong.status).to.equal(404);
    expect(wrong.headers.get('cache-control')).to.equal('no-store');
  });

  it('sends activation and reset pages, and the reset link redirect, with no-store', async () => {
    const token = 'Zx9_kQ2-vB7nM4pL8rT1yW6eU3iO5aS0dF2gH4jK6lM';
    expect((await get(`/auth/${token}`)).headers.get('cache-control')).to.equal('no-store');
    const redirect = await get(`/reset-password/${token}`);
    expect(redirect.status).to.equal(301);
    expect(redirect.headers.get('cache-control')).to.equal('no-store');
    const home = await get(redirect.headers.get('location')!);
    expect(home.status).to.equal(200);
    expect(home.headers.get('cache-control')).to.equal('no-store');
  });

  it('keeps revalidating the pages without a secret', async () => {
    expect((await get('/faq')).headers.get('cache-control')).to.equal('no-cache');
    expect((await get('/?from=BTC&to=RUB')).headers.get('cache-control')).to.equal('no-cache');
    expect((await get('/faq/')).headers.get('cache-control')).to.equal('no-cache');
  });
});
