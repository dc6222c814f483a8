import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { useSessionStore } from '../stores/session';
import { ApiError } from './ApiError';
import { api, apiBaseFromPublicUrl, setApiBase } from './client';

interface Answer {
  status: number;
  body: unknown;
}

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server on a random loopback port answering with the queued envelopes. */
async function startServer(answers: Answer[]): Promise<{ server: Server; requests: Recorded[]; base: string }> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer = answers.shift() ?? { status: 500, body: { success: false, error: { code: 'internal_error', message: 'x' } } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, requests, base: `http://127.0.0.1:${port}/api` };
}

describe('API client', () => {
  let server: Server | null = null;

  afterEach(async () => {
    setApiBase('/api');
    document.documentElement.lang = 'en';
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
  });

  it('resolves with the data of a success envelope', async () => {
    const started = await startServer([{ status: 200, body: { success: true, data: { ok: 1 } } }]);
    server = started.server;
    setApiBase(started.base);
    expect(await api.get('/ping')).to.deep.equal({ ok: 1 });
  });

  it('sends the interface language in the lang header', async () => {
    const started = await startServer([{ status: 200, body: { success: true, data: null } }]);
    server = started.server;
    setApiBase(started.base);
    document.documentElement.lang = 'ru';
    await api.get('/ping');
    expect(started.requests[0].headers.lang).to.equal('ru');
  });

  it('sends a JSON body with its content type', async () => {
    const started = await startServer([{ status: 200, body: { success: true, data: null } }]);
    server = started.server;
    setApiBase(started.base);
    await api.post('/user/profile/edit/main', { firstName: 'Анна', secondName: 'Ли' });
    expect(started.requests[0].headers['content-type']).to.equal('application/json');
    expect(JSON.parse(started.requests[0].body)).to.deep.equal({ firstName: 'Анна', secondName: 'Ли' });
  });

  it('rejects with a typed ApiError carrying status, code, message and fields', async () => {
    const error = { code: 'validation_failed', message: 'Check the form', fields: { email: 'Enter a valid email' } };
    const started = await startServer([{ status: 400, body: { success: false, error } }]);
    server = started.server;
    setApiBase(started.base);
    const failure = await api.post('/user/auth/register', {}).catch((e: unknown) => e);
    expect(failure).to.be.instanceOf(ApiError);
    const apiError = failure as ApiError;
    expect([apiError.status, apiError.code, apiError.message]).to.deep.equal([400, 'validation_failed', 'Check the form']);
    expect(apiError.fields).to.deep.equal({ email: 'Enter a valid email' });
  });

  it('never retries a failed call', async () => {
    const started = await startServer([
      { status: 503, body: { success: false, error: { code: 'service_unavailable', message: 'Busy' } } },
      { status: 200, body: { success: true, data: 'second' } },
    ]);
    server = started.server;
    setApiBase(started.base);
    await api.get('/ping').catch(() => undefined);
    expect(started.requests).to.have.length(1);
  });

  it('clears the session store on a 401 from any call', async () => {
    const user = { id: 1, email: 'a@b.c', firstName: null, secondName: null, role: 'user' as const, twoFactorEnabled: false, kycStatus: null };
    useSessionStore.setState({ user, known: true });
    const started = await startServer([{ status: 401, body: { success: false, error: { code: 'unauthorized', message: 'Sign in' } } }]);
    server = started.server;
    setApiBase(started.base);
    await api.get('/user/exchanges').catch(() => undefined);
    expect(useSessionStore.getState().user).to.equal(null);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    setApiBase('http://127.0.0.1:1/api');
    const failure = await api.get('/ping').catch((e: unknown) => e);
    expect(failure).to.be.instanceOf(ApiError);
    expect((failure as ApiError).status).to.equal(0);
  });

  describe('apiBaseFromPublicUrl', () => {
    it('keeps calls on the same origin under PUBLIC_URL + /api', () => {
      expect(apiBaseFromPublicUrl('http://localhost:3000')).to.equal('/api');
      expect(apiBaseFromPublicUrl('https://exchanger.example/app/')).to.equal('/app/api');
    });

    it('falls back to /api for an unparsable PUBLIC_URL', () => {
      expect(apiBaseFromPublicUrl('not a url')).to.equal('/api');
    });
  });
});
