import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { CreateOrderResponse } from '../../../common/orders';
import { buildUser, TestClient } from '../../accounts/testing';
import { issueToken } from '../../accounts/tokens';
import { createLogger } from '../logger';
import { SECRET_MARK } from '../redact';
import { readOutbox } from '../../test/mail';
import { initModels } from '../../models';
import { settleOrderMails } from '../../orders/mail';
import { buildDirection, orderRequest } from '../../orders/testing';
import { startTestServer, type TestServer } from '../../test/server';

describe('request log: capability secrets never reach the log', function () {
  this.timeout(30_000);
  let logDir: string;
  let logFile: string;
  let server: TestServer;

  before(async () => {
    logDir = await mkdtemp(path.join(tmpdir(), 'exchanger-log-'));
    logFile = path.join(logDir, 'server.log');
    const logger = createLogger({ logLevel: 'info', role: 'all' }, pino.destination({ dest: logFile, sync: true }));
    server = await startTestServer({ LOG_LEVEL: 'info' }, { logger });
  });

  after(async () => {
    await server.close();
    await rm(logDir, { recursive: true, force: true });
  });

  it('logs order, reset and activation URLs with the mark in place of every secret', async () => {
    const client = new TestClient(server.url);
    const direction = await buildDirection(server);
    const created = await client.post('/orders', orderRequest(direction));
    expect(created.status).to.equal(201);
    const { uid, secret } = created.body.data as CreateOrderResponse;
    const page = (suffix: string) => fetch(`${server.url}${suffix}`, { redirect: 'manual' });

    expect((await client.get(`/orders/${uid}/${secret}`)).status).to.equal(200);
    expect((await client.post(`/orders/${uid}/${secret}/confirm`)).status).to.equal(200);
    expect((await page(`/order/${uid}/${secret}`)).status).to.equal(200);
    expect((await page(`/en/order/${uid}/${secret}/`)).status).to.equal(301);
    expect((await page(`/api/orders/${uid}/${secret}/nothing-here`)).status).to.equal(404);

    const { user, email } = await buildUser(server.db.sequelize);
    expect((await client.post('/user/auth/reset-password', { email })).status).to.equal(200);
    const resetLink = (await readOutbox(server.config.outboxDir, { to: email }))!.links.find((href) => href.includes('/reset-password/'))!;
    const resetToken = resetLink.split('/reset-password/')[1]!;
    const reset = await page(`/reset-password/${resetToken}`);
    expect(reset.status).to.equal(301);
    expect((await page(reset.headers.get('location')!)).status).to.equal(200);

    const activationToken = await issueToken(initModels(server.db.sequelize), { userId: user.id, purpose: 'activation' });
    expect((await page(`/auth/${activationToken}`)).status).to.equal(200);
    await settleOrderMails();

    const log = await readFile(logFile, 'utf8');
    const paths = log.trim().split('\n').map((line) => JSON.parse(line) as { msg: string; path?: string }).filter((line) => line.msg === 'request').map((line) => line.path);
    expect(paths).to.include.members([
      `/api/orders/${uid}/${SECRET_MARK}`,
      `/api/orders/${uid}/${SECRET_MARK}/confirm`,
      `/order/${uid}/${SECRET_MARK}`,
      `/en/order/${uid}/${SECRET_MARK}/`,
      `/reset-password/${SECRET_MARK}`,
      `/auth/${SECRET_MARK}`,
    ]);
    for (const value of [secret, resetToken, activationToken]) expect(log).not.to.include(value);
  });
});
