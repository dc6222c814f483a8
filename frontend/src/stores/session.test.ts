import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { SessionUser } from '../../../common/api';
import { setApiBase } from '../api/client';
import { isOperator, useSessionStore } from './session';

const USER: SessionUser = {
  id: 7,
  email: 'user@example.com',
  firstName: 'Иван',
  secondName: null,
  role: 'user',
  twoFactorEnabled: false,
  kycStatus: 'check',
};

async function serveSession(status: number, body: unknown): Promise<{ server: Server; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  return { server, paths };
}

describe('session store', () => {
  let server: Server | null = null;

  beforeEach(() => useSessionStore.setState({ user: null, known: false }));

  afterEach(async () => {
    setApiBase('/api');
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
  });

  it('stores the user answered by GET /api/user/auth/session/get/', async () => {
    const started = await serveSession(200, { success: true, data: USER });
    server = started.server;
    await useSessionStore.getState().fetchSession();
    expect(started.paths).to.deep.equal(['/api/user/auth/session/get/']);
    expect(useSessionStore.getState()).to.include({ known: true });
    expect(useSessionStore.getState().user).to.deep.equal(USER);
  });

  it('counts the signed-out answer (200, not_signed_in) as known with no user', async () => {
    const started = await serveSession(200, { success: false, error: { code: 'not_signed_in', message: 'You are not signed in' } });
    server = started.server;
    const user = await useSessionStore.getState().fetchSession();
    expect(user).to.equal(null);
    expect(useSessionStore.getState()).to.include({ known: true, user: null });
  });

  it('ignores a failed session request', async () => {
    setApiBase('http://127.0.0.1:1/api');
    const user = await useSessionStore.getState().fetchSession();
    expect(user).to.equal(null);
    expect(useSessionStore.getState()).to.include({ known: true, user: null });
  });

  it('asks the server once for concurrent requests', async () => {
    const started = await serveSession(200, { success: true, data: USER });
    server = started.server;
    const { fetchSession } = useSessionStore.getState();
    await Promise.all([fetchSession(), fetchSession()]);
    expect(started.paths).to.have.length(1);
  });

  it('forgets the user on clear', () => {
    useSessionStore.setState({ user: USER, known: true });
    useSessionStore.getState().clear();
    expect(useSessionStore.getState()).to.include({ known: true, user: null });
  });

  it('recognises operators and admins as operators', () => {
    expect([isOperator(USER), isOperator({ ...USER, role: 'operator' }), isOperator({ ...USER, role: 'admin' })]).to.deep.equal([
      false,
      true,
      true,
    ]);
  });
});
