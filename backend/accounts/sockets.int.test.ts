import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import { rooms } from '../../common/events';
import { startTestServer, type TestServer } from '../test/server';
import type { AdminUserDto } from '../../common/usersAdmin';
import { signedInAs } from '../console/testing';
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

  it("disconnects only the sockets of a session an admin ended; the user's other session keeps its socket", async () => {
    const { email, password, user } = await buildUser(server.db.sequelize);
    const admin = await signedInAs(server, 'admin');
    const phone = new TestClient(server.url);
    await phone.post('/user/auth/sign-in', { email, password }, { 'user-agent': 'PhoneSocket/1' });
    const laptop = new TestClient(server.url);
    await laptop.post('/user/auth/sign-in', { email, password }, { 'user-agent': 'LaptopSocket/1' });
    const phoneSocket = await open(phone.cookieHeader());
    const laptopSocket = await open(laptop.cookieHeader());
    const { sessions } = (await admin.get(`/admin/users/${user.id}`)).body.data as AdminUserDto;
    const ended = sessions.find((session) => session.userAgent === 'PhoneSocket/1')!;
    const disconnected = new Promise<string>((resolve) => phoneSocket.once('disconnect', resolve));
    expect((await admin.request('DELETE', `/admin/users/${user.id}/sessions/${ended.id}`)).status).to.equal(200);
    expect(await disconnected).to.equal('io server disconnect');
    expect(laptopSocket.connected).to.equal(true);
    expect((await server.io.in(rooms.user(user.id)).fetchSockets()).map((s) => s.id)).to.deep.equal([laptopSocket.id]);
  });

  it('connects a signed-out cookie without joining any user room', async () => {
    const socket = await open('sid=nothing; sid.sig=forged');
    const [serverSocket] = (await server.io.fetchSockets()).filter((s) => s.id === socket.id);
    expect([...serverSocket.rooms].filter((room) => room.startsWith('user:'))).to.deep.equal([]);
  });
});
