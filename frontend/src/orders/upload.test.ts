import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { MAX_UPLOAD_BYTES } from '../../../common/orders';
import { ApiError } from '../api/ApiError';
import { IDLE_UPLOAD, uploadFile, uploadReducer } from './upload';

describe('upload progress state', () => {
  it('starts at 0 %, rises with the bytes sent and ends at 100 % when done', () => {
    let state = uploadReducer(IDLE_UPLOAD, { type: 'start' });
    expect(state).to.deep.equal({ status: 'uploading', percent: 0, error: null });
    state = uploadReducer(state, { type: 'progress', loaded: 512, total: 2048 });
    expect(state.percent).to.equal(25);
    state = uploadReducer(state, { type: 'progress', loaded: 256, total: 2048 });
    expect(state.percent, 'never goes back').to.equal(25);
    expect(uploadReducer(state, { type: 'done' })).to.deep.equal({ status: 'done', percent: 100, error: null });
  });

  it('keeps the server message of a failure and ignores progress outside an upload', () => {
    const failed = uploadReducer(uploadReducer(IDLE_UPLOAD, { type: 'start' }), { type: 'failed', message: 'The file is not an image' });
    expect(failed).to.deep.equal({ status: 'failed', percent: 0, error: 'The file is not an image' });
    expect(uploadReducer(failed, { type: 'progress', loaded: 1, total: 2 })).to.equal(failed);
    expect(uploadReducer(IDLE_UPLOAD, { type: 'progress', loaded: 1, total: 0 })).to.equal(IDLE_UPLOAD);
  });
});

describe('file upload over XMLHttpRequest', () => {
  let server: Server;
  let base: string;
  let received: { contentType: string; lang: string; body: string }[];
  let answer: (response: ServerResponse) => void;

  function cors(response: ServerResponse): void {
    response.setHeader('access-control-allow-origin', 'http://localhost:3000');
    response.setHeader('access-control-allow-headers', 'accept, lang');
  }

  before(async () => {
    server = createServer((request: IncomingMessage, response) => {
      cors(response);
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          contentType: request.headers['content-type'] ?? '',
          lang: String(request.headers.lang),
          body: Buffer.concat(chunks).toString('latin1'),
        });
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    received = [];
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const json = (status: number, body: unknown) => (response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  it('sends the file as multipart field "file" with the lang header and resolves with the data', async () => {
    answer = json(200, { success: true, data: { uid: 'K7M2Q9XA4B', version: 4 } });
    const lang = document.documentElement.lang;
    document.documentElement.lang = 'en';
    const progress: number[] = [];
    const file = new window.File([new Uint8Array(4096).fill(7)], 'card.jpg', { type: 'image/jpeg' });
    const data = await uploadFile<{ version: number }>(`${base}/api/orders/x/y/card-photo`, file, (loaded, total) =>
      progress.push(loaded / total),
    ).finally(() => {
      document.documentElement.lang = lang;
    });
    expect(data).to.deep.equal({ uid: 'K7M2Q9XA4B', version: 4 });
    expect(received).to.have.length(1);
    expect(received[0].contentType).to.match(/^multipart\/form-data; boundary=/);
    expect(received[0].body).to.contain('name="file"; filename="card.jpg"');
    expect(received[0].lang).to.equal('en');
    expect(progress.at(-1)).to.equal(1);
  });

  it('rejects with the error of the envelope', async () => {
    answer = json(409, { success: false, error: { code: 'receipt_already_uploaded', message: 'Receipt already uploaded, contact support for more information' } });
    const failure = await uploadFile(`${base}/api/receipt`, new window.Blob(['x']), () => undefined).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(ApiError);
    expect(failure).to.include({ status: 409, code: 'receipt_already_uploaded', message: 'Receipt already uploaded, contact support for more information' });
  });

  it('calls an answer without an envelope a server error, and a 413 a file too large', async () => {
    answer = (response) => response.writeHead(413, { 'content-type': 'text/plain' }).end('too large');
    const tooLarge = await uploadFile(`${base}/api/receipt`, new window.Blob(['x']), () => undefined).catch((error: unknown) => error);
    expect(tooLarge).to.include({ status: 413, code: 'file_too_large' });
    answer = (response) => response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    const broken = await uploadFile(`${base}/api/receipt`, new window.Blob(['x']), () => undefined).catch((error: unknown) => error);
    expect(broken).to.include({ status: 502, code: 'internal_error' });
  });

  it('refuses a file over the limit itself, as the server would, without sending a byte', async () => {
    answer = json(200, { success: true, data: {} });
    const large = new window.Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1)]);
    const refused = await uploadFile(`${base}/api/orders/x/y/card-photo`, large, () => undefined).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(ApiError);
    expect(refused).to.include({ status: 413, code: 'file_too_large' });
    expect(received).to.have.length(0);
    // At the limit it goes.
    await uploadFile(`${base}/api/orders/x/y/card-photo`, new window.Blob([new Uint8Array(MAX_UPLOAD_BYTES)]), () => undefined);
    expect(received).to.have.length(1);
  });
});
