import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import { rooms } from '../../common/events';
import { startTestServer, type TestServer } from '../test/server';
import { buildUser, TestClient } from './testing';

// startServer attaches the account sockets (backend/accounts/sockets.ts) to every web process.
describe('accounts: sockets of a signed-in user', function () {
  let server: TestServer;
  const sockets: Socket[] = [];

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    for (const socket of sockets) socket.disconnect();
    await server.close();
  });

  function open(cookie: string): Promise<Socket> {
    const socket = connect(server.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie } });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('joins user:<id> when the cookie is signed in, and is disconnected when the account is blocked', async () => {
    const { email, password, user } = await buildUser(server.db.sequelize);
    const browser = new TestClient(server.url);
    await browser.signIn(email, password);
    const socket = await open(browser.cookieHeader());
    expect((await server.io.in(rooms.user(user.id)).fetchSockets()).map((s) => s.id)).to.deep.equal([socket.id]);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await browser.post('/user/profile/block')).status).to.equal(200);
    expect(await disconnected).to.equal('io server disconnect');
  });

  it('connects a signed-out cookie without joining any user room', async () => {
    const socket = await open('sid=nothing; sid.sig=forged');
    const [serverSocket] = (await server.io.fetchSockets()).filter((s) => s.id === socket.id);
    expect([...serverSocket.rooms].filter((room) => room.startsWith('user:'))).to.deep.equal([]);
  });
});
