import { expect } from 'chai';
import { insertOrder } from './testing/live';
import { startTestServer, type TestServer } from '../test/server';
import { JOIN_ATTEMPTS_PER_SOCKET, JOIN_FAILURES_PER_IP } from './sockets';
import { openClient, type ClientSocket } from '../test/sockets';

type JoinAnswer = Awaited<ReturnType<ClientSocket['emitWithAck']>>;
const codeOf = (answer: JoinAnswer) => ('error' in answer ? answer.error.code : 'ok');

describe('order:join: validation and limits', function () {
  let server: TestServer;
  const sockets: ClientSocket[] = [];

  beforeEach(async () => {
    // A server per test: each limit starts from zero.
    server = await startTestServer();
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server.close();
  });

  async function client(lang = 'en'): Promise<ClientSocket> {
    const socket = await openClient(server.url, { lang });
    sockets.push(socket);
    return socket;
  }

  it('answers a malformed payload with a translated validation_failed', async () => {
    const socket = await client('ru');
    for (const payload of [null, 'ABC', { uid: 'ABC' }, { uid: '../x', secret: 's' }, { uid: 'ABC', secret: '' }, { uid: 'ABC', secret: 'x'.repeat(300) }]) {
      const answer = await socket.emitWithAck('order:join', payload as never);
      expect(answer).to.deep.equal({ error: { code: 'validation_failed', message: 'Значение некорректно' } });
    }
  });

  it(`refuses more than ${JOIN_ATTEMPTS_PER_SOCKET} joins a minute on one socket, even with the right secret`, async () => {
    const { uid, secret } = await insertOrder(server);
    const socket = await client();
    const answers: string[] = [];
    for (let attempt = 0; attempt < JOIN_ATTEMPTS_PER_SOCKET; attempt += 1) {
      answers.push(codeOf(await socket.emitWithAck('order:join', { uid: 'ZZZZZZZZZZ', secret })));
    }
    expect(answers).to.deep.equal(Array(JOIN_ATTEMPTS_PER_SOCKET).fill('not_found'));
    const refused = await socket.emitWithAck('order:join', { uid, secret });
    expect(refused).to.deep.equal({ error: { code: 'too_many_requests', message: 'Too many attempts. Please try again later' } });
    // Another page of the same visitor is not held back by that socket.
    expect(codeOf(await (await client()).emitWithAck('order:join', { uid, secret }))).to.equal('ok');
  });

  it(`refuses joins from an address after ${JOIN_FAILURES_PER_IP} failed ones, on new sockets too`, async () => {
    const { uid, secret } = await insertOrder(server);
    const perSocket = JOIN_ATTEMPTS_PER_SOCKET;
    let failures = 0;
    while (failures < JOIN_FAILURES_PER_IP) {
      const socket = await client();
      const batch = Math.min(perSocket, JOIN_FAILURES_PER_IP - failures);
      const answers = await Promise.all(Array.from({ length: batch }, () => socket.emitWithAck('order:join', { uid, secret: 'wrong-secret' })));
      expect(answers.map(codeOf)).to.deep.equal(Array(batch).fill('not_found'));
      failures += batch;
      socket.disconnect();
    }
    const fresh = await client();
    expect(codeOf(await fresh.emitWithAck('order:join', { uid, secret }))).to.equal('too_many_requests');
  });
});
