import { request } from 'node:http';
import { expect } from 'chai';
import { io as connect } from 'socket.io-client';
import { startTestServer } from './test/server';

describe('startServer', () => {
  it('listens on a free port when PORT is 0 and reports it in url', async () => {
    const server = await startTestServer();
    try {
      expect(server.port).to.be.greaterThan(0);
      expect(server.url).to.equal(`http://127.0.0.1:${server.port}`);
      expect((await fetch(`${server.url}/api/health`)).status).to.equal(200);
    } finally {
      await server.close();
    }
  });

  it('lets a request that is in flight finish during close', async () => {
    const server = await startTestServer();
    let closing: Promise<void> | undefined;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/user/auth/session/destroy',
          method: 'DELETE',
          headers: { 'content-type': 'application/json', 'content-length': '2' },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // Half the body now; the rest once the server holds the request and close() has begun.
      server.httpServer.once('request', () => {
        closing = server.close();
        req.end('}');
      });
      req.write('{');
    });
    const { status, body } = await answer;
    await closing;
    expect(status).to.equal(200);
    expect(JSON.parse(body)).to.deep.equal({ success: true, data: null });
  });

  it('stops accepting connections once closed', async () => {
    const server = await startTestServer();
    await server.close();
    const outcome = await fetch(`${server.url}/api/health`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(outcome).to.equal('refused');
  });

  it('disconnects sockets on close', async () => {
    const server = await startTestServer();
    const socket = connect(server.url, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise((resolve) => socket.once('server:hello', resolve));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await server.close();
    expect(await disconnected).to.be.a('string');
  });
});
