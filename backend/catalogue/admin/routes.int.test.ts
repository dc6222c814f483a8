import Big from 'big.js';
import { expect } from 'chai';
import fc from 'fast-check';
import { hostileBody, hostileQuery } from '../../test/hostileInput';
import type { DirectionRateDto } from '../../../common/catalogue';
import type { AdminAssetDto, AdminDirectionDto, AdminDirectionList, AdminReserveDto } from '../../../common/catalogueAdmin';
import type { RatesDto } from '../../../common/events';
import type { CreateOrderResponse } from '../../../common/orders';
import { TestClient } from '../../accounts/testing';
import { ADMIN_ONLY, expectRoleMatrix, signedInAs } from '../../console/testing';
import { initModels } from '../../models';
import { buildDirection, orderRequest, type TestDirection } from '../../orders/testing';
import { startTestWorker } from '../../rates/testing/live';
import { startTestServer, type TestServer } from '../../test/server';
import type { RunningWorker } from '../../workers';

interface ExportRowJson {
  from: string;
  to: string;
  in: string;
  out: string;
  amount: string;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('admin catalogue API: assets, directions, reserves, live within a tick', function () {
  this.timeout(60_000);
  let server: TestServer;
  let worker: RunningWorker;
  let admin: TestClient;
  let customer: TestClient;
  let direction: TestDirection;

  async function publicRate(): Promise<DirectionRateDto | undefined> {
    const response = await customer.get('/rates');
    return (response.body.data as RatesDto).rates.find((rate) => rate.from === direction.from && rate.to === direction.to);
  }

  async function exportRow(): Promise<ExportRowJson | undefined> {
    const response = await fetch(`${server.url}/export/rates.json`);
    const rows = (await response.json()) as ExportRowJson[];
    return rows.find((row) => row.from === direction.from && row.to === direction.to);
  }

  async function exportXml(): Promise<string> {
    return (await fetch(`${server.url}/export/rates.xml`)).text();
  }

  async function patchDirection(body: Record<string, unknown>) {
    return admin.request('PATCH', `/admin/directions/${direction.from}/${direction.to}`, body);
  }

  before(async () => {
    server = await startTestServer();
    direction = await buildDirection(server, { from: { type: 'coin', precision: 8 }, to: { type: 'fiat', precision: 2 } });
    worker = await startTestWorker(server);
    admin = await signedInAs(server, 'admin');
    customer = new TestClient(server.url);
    await until('the worker to price the test direction', publicRate, (rate) => rate !== undefined && !rate.stale);
  });

  after(async () => {
    await worker?.close();
    await server?.close();
  });

  it('is open to admins only', async () => {
    const path = `/admin/directions/${direction.from}/${direction.to}`;
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/admin/assets', roles: ADMIN_ONLY },
      { method: 'PATCH', path: `/admin/assets/${direction.from}`, roles: ADMIN_ONLY, body: {} },
      { method: 'GET', path: '/admin/directions', roles: ADMIN_ONLY },
      { method: 'PATCH', path, roles: ADMIN_ONLY, body: {} },
      { method: 'GET', path: '/admin/reserves', roles: ADMIN_ONLY },
      { method: 'PUT', path: `/admin/reserves/${direction.to}`, roles: ADMIN_ONLY, body: {} },
    ]);
  });

  it('answers 404 for unknown codes and 400 for invalid input, never a 500', async () => {
    expect((await admin.request('PATCH', '/admin/assets/NOSUCHASSET1', { enabled: true })).status).to.equal(404);
    expect((await admin.request('PATCH', '/admin/assets/lower-case', { enabled: true })).status).to.equal(404);
    expect((await admin.request('PATCH', `/admin/directions/${direction.from}/NOSUCHASSET1`, { enabled: true })).status).to.equal(404);
    expect((await admin.request('PUT', '/admin/reserves/NOSUCHASSET1', { mode: 'computed' })).status).to.equal(404);
    for (const body of [
      { markupPercent: 1.5 },
      { markupPercent: '1e3' },
      { markupPercent: '51' },
      { minAmount: '0' },
      { minAmount: '2000' },
      { rateTypes: ['fixed', 'magic'] },
      { rateTypes: [] },
      { fixedPeriodMinutes: 0 },
      { fixedPeriodMinutes: '30' },
      { enabled: 'yes' },
      { schedule: { ranges: [{ day: 9, from: '09:00', to: '18:00' }] } },
      { schedule: 'always' },
    ]) {
      const response = await patchDirection(body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.error?.code).to.equal('validation_failed');
    }
    const reserve = await admin.request('PUT', `/admin/reserves/${direction.to}`, { mode: 'manual' });
    expect(reserve.status).to.equal(400);
    expect(reserve.body.error?.fields).to.have.property('amount');
    expect((await admin.request('PATCH', `/admin/assets/${direction.from}`, { precision: 19 })).status).to.equal(400);
    expect((await admin.request('PATCH', `/admin/assets/${direction.from}`, { type: 'cash' })).status, 'cash needs a city').to.equal(400);
  });

  it('answers hostile bodies and queries as an admin with 2xx or 4xx in the envelope, never a 5xx', async () => {
    // Near-valid bases that leave the direction as the other tests expect it.
    const routes: Array<{ method: string; path: string; base: Record<string, unknown> }> = [
      { method: 'PATCH', path: `/admin/directions/${direction.from}/${direction.to}`, base: { markupPercent: '1', enabled: true, schedule: null } },
      { method: 'PATCH', path: `/admin/assets/${direction.from}`, base: { enabled: true, precision: 8 } },
      { method: 'PUT', path: `/admin/reserves/${direction.from}`, base: { mode: 'computed' } },
    ];
    const check = (label: string, response: { status: number; body: { success?: boolean; error?: { code?: unknown; message?: unknown } } }) => {
      expect(response.status, `${label} → ${JSON.stringify(response.body).slice(0, 300)}`).to.be.below(500);
      expect(response.body.success, label).to.equal(response.status < 400);
      if (response.status >= 400) expect(response.body.error?.message, label).to.be.a('string').and.not.equal('');
    };
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(hostileBody(route.base), async (body) => {
          const response = await fetch(`${server.url}/api${route.path}`, {
            method: route.method,
            headers: { 'content-type': 'application/json', origin: server.url, cookie: admin.cookieHeader(), lang: 'en' },
            body,
          });
          check(`${route.method} ${route.path} ${body.slice(0, 200)}`, { status: response.status, body: (await response.json()) as { success?: boolean; error?: { code?: unknown; message?: unknown } } });
        }),
        { seed: 20_261_124, numRuns: 40, endOnFailure: true },
      );
    }
    await fc.assert(
      fc.asyncProperty(hostileQuery(['q', 'from', 'to', 'enabled', 'manual', 'page', 'pageSize']), async (query) => {
        check(`GET /admin/directions?${query.slice(0, 200)}`, await admin.get(`/admin/directions?${query}`));
      }),
      { seed: 20_261_124, numRuns: 30, endOnFailure: true },
    );
    // Whatever the fuzzing accepted, put the direction back as the next tests expect it.
    expect((await patchDirection({ markupPercent: '1', enabled: true, manual: false, schedule: null, minAmount: '0.001', maxAmount: '1000', rateTypes: ['fixed', 'float'], fixedPeriodMinutes: 30, oneWay: false })).status).to.equal(200);
    expect((await admin.request('PATCH', `/admin/assets/${direction.from}`, { enabled: true, precision: 8, type: 'coin', city: null })).status).to.equal(200);
    expect((await admin.request('PUT', `/admin/reserves/${direction.from}`, { mode: 'computed', amount: '1000000' })).status).to.equal(200);
  });

  it('lists directions filtered by code and paged', async () => {
    const response = await admin.get(`/admin/directions?q=${direction.from.toLowerCase()}&pageSize=10`);
    expect(response.status).to.equal(200);
    const list = response.body.data as AdminDirectionList;
    expect(list.total).to.equal(1);
    expect(list.directions[0]).to.include({ from: direction.from, to: direction.to, markupPercent: '1', enabled: true, schedule: null });
    const page = (await admin.get('/admin/directions?pageSize=2&page=2')).body.data as AdminDirectionList;
    expect(page.directions).to.have.length(2);
    expect(page).to.include({ page: 2, pageSize: 2 });
    expect((await admin.get('/admin/directions?pageSize=5000')).status).to.equal(400);
  });

  it('a new markup reaches the public rate, a new order and the exports within a tick, audited', async () => {
    const before = (await publicRate())!;
    const xmlBefore = await exportXml();
    const rowBefore = (await exportRow())!;
    const response = await patchDirection({ markupPercent: '11' });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect((response.body.data as AdminDirectionDto).markupPercent).to.equal('11');
    // 10 points more markup: the rate drops by about 10 % (the simulated prices move far less).
    const after = (await until('the new markup', publicRate, (rate) => rate !== undefined && new Big(rate.rate).lt(new Big(before.rate).times('0.95'))))!;
    // Prices move between ticks: the export row is compared with its own value before the change.
    await until('the export row', exportRow, (value) => value !== undefined && Number(value.out) < Number(rowBefore.out) * 0.95);
    expect(Number(after.out)).to.be.lessThan(Number(before.out) * 0.95);
    expect(await exportXml()).to.not.equal(xmlBefore);
    const order = await customer.post('/orders', orderRequest(direction, { amountSend: '0.01' }));
    expect(order.status, JSON.stringify(order.body)).to.equal(201);
    const created = (order.body.data as CreateOrderResponse).order;
    expect(new Big(created.rate).lt(new Big(before.rate).times('0.95')), `${created.rate} < 0.95 × ${before.rate}`).to.equal(true);

    const { AuditRecord } = initModels(server.db.sequelize);
    const record = await AuditRecord.findOne({ where: { action: 'direction.update', targetId: `${direction.from}>${direction.to}` }, order: [['id', 'DESC']] });
    expect(record?.before).to.deep.equal({ markupPercent: '1' });
    expect(record?.after).to.deep.equal({ markupPercent: '11' });
  });

  it('a disabled direction leaves the exports and refuses new orders with a clear error; enabled it returns', async () => {
    expect((await patchDirection({ enabled: false })).status).to.equal(200);
    await until('the direction to leave the rates', publicRate, (rate) => rate === undefined);
    await until('the direction to leave the exports', exportRow, (row) => row === undefined);
    expect(await exportXml()).to.not.include(`<from>${direction.from}</from>`);
    const refused = await customer.post('/orders', orderRequest(direction, { amountSend: '0.01' }));
    expect(refused.status).to.equal(422);
    expect(refused.body.error?.code).to.equal('direction_unavailable');
    expect(refused.body.error?.message).to.be.a('string').and.not.equal('');

    expect((await patchDirection({ enabled: true })).status).to.equal(200);
    await until('the direction to come back', publicRate, (rate) => rate !== undefined);
    await until('the export row to come back', exportRow, (row) => row !== undefined);
  });

  it('a manual direction closed by its schedule leaves the widget and exports, opened it returns', async () => {
    const closed = await patchDirection({ manual: true, schedule: { ranges: [] } });
    expect(closed.status, JSON.stringify(closed.body)).to.equal(200);
    expect((closed.body.data as AdminDirectionDto).schedule).to.deep.equal({ utcOffsetMinutes: 180, ranges: [] });
    await until('the closed direction to leave the rates', publicRate, (rate) => rate === undefined);
    await until('the closed direction to leave the exports', exportRow, (row) => row === undefined);
    expect((await customer.post('/orders', orderRequest(direction, { amountSend: '0.01' }))).status).to.equal(422);

    const allWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
    expect((await patchDirection({ schedule: { utcOffsetMinutes: 180, ranges: allWeek } })).status).to.equal(200);
    const open = (await until('the opened direction', publicRate, (rate) => rate !== undefined))!;
    expect(open.manual).to.equal(true);
    await until('the opened direction in the exports', exportRow, (row) => row !== undefined);
    expect((await patchDirection({ manual: false, schedule: null })).status).to.equal(200);
  });

  it('a manual reserve is published at once instead of the computed one, and back', async () => {
    const set = await admin.request('PUT', `/admin/reserves/${direction.to}`, { mode: 'manual', amount: '12345.67' });
    expect(set.status, JSON.stringify(set.body)).to.equal(200);
    expect(set.body.data as AdminReserveDto).to.deep.equal({ code: direction.to, mode: 'manual', amount: '12345.67', computed: '1000000', manual: '12345.67' });
    await until('the manual reserve', publicRate, (rate) => rate?.reserve === '12345.67');
    await until('the manual reserve in the exports', exportRow, (row) => row?.amount === '12345.67');
    const listed = (await admin.get('/admin/reserves')).body.data.reserves as AdminReserveDto[];
    expect(listed.find((entry) => entry.code === direction.to)?.mode).to.equal('manual');

    const back = await admin.request('PUT', `/admin/reserves/${direction.to}`, { mode: 'computed' });
    expect((back.body.data as AdminReserveDto).amount).to.equal('1000000');
    await until('the computed reserve', publicRate, (rate) => rate?.reserve === '1000000');
  });

  it('edits an asset: names in both languages, precision, icon; audited', async () => {
    const response = await admin.request('PATCH', `/admin/assets/${direction.to}`, { name: 'Test bank', nameRu: 'Тестовый банк', icon: 'test-bank', precision: 2 });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(response.body.data as AdminAssetDto).to.include({ name: 'Test bank', nameRu: 'Тестовый банк', icon: 'test-bank' });
    const catalogue = await customer.get('/catalogue');
    const asset = catalogue.body.data.assets.find((entry: { code: string }) => entry.code === direction.to);
    expect(asset, 'the public catalogue is not served from a stale copy').to.include({ nameRu: 'Тестовый банк' });
    const { AuditRecord } = initModels(server.db.sequelize);
    const record = await AuditRecord.findOne({ where: { action: 'asset.update', targetId: direction.to }, order: [['id', 'DESC']] });
    expect(record?.after).to.deep.equal({ name: 'Test bank', nameRu: 'Тестовый банк', icon: 'test-bank' });
    const assets = (await admin.get('/admin/assets')).body.data.assets as AdminAssetDto[];
    expect(assets.find((entry) => entry.code === direction.to)?.name).to.equal('Test bank');
  });
});

describe('admin catalogue changes across web processes (Redis)', function () {
  this.timeout(60_000);
  let one: TestServer;
  let two: TestServer;

  before(async function () {
    if (!process.env.TEST_REDIS_URL || !process.env.TEST_DATABASE_URL) this.skip();
    const prefix = `test:catadmin${Date.now().toString(36)}:`;
    one = await startTestServer({ REDIS_PREFIX: prefix });
    two = await startTestServer({ REDIS_PREFIX: prefix });
  });

  after(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('an asset edited through one process is served changed by the other at once (its catalogue cache dropped)', async () => {
    const direction = await buildDirection(one);
    const reader = new TestClient(two.url);
    const nameOf = async () =>
      ((await reader.get('/catalogue')).body.data.assets as AdminAssetDto[]).find((asset) => asset.code === direction.to)?.nameRu ?? null;
    // Warm the second process's cache, then change the asset through the first.
    await until('the new asset in the second process', nameOf, () => true);
    const admin = await signedInAs(one, 'admin');
    const name = `Банк ${Date.now()}`;
    expect((await admin.request('PATCH', `/admin/assets/${direction.to}`, { nameRu: name })).status).to.equal(200);
    await until('the second process to serve the new name', nameOf, (value) => value === name, 1000);
  });
});
