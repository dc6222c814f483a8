import type { IncomingMessage } from 'node:http';
import { expect } from 'chai';
import { isAllowedOrigin } from './origin';

function handshake(headers: Record<string, string>, encrypted = false): IncomingMessage {
  return { headers, socket: { encrypted } } as unknown as IncomingMessage;
}

describe('isAllowedOrigin', () => {
  const publicUrl = 'https://exchanger.example';

  it('allows a handshake without Origin (a non-browser client)', () => {
    expect(isAllowedOrigin(handshake({ host: 'exchanger.example' }), publicUrl, false)).to.equal(true);
  });

  it("allows PUBLIC_URL's origin", () => {
    const req = handshake({ host: '10.0.0.5:3000', origin: 'https://exchanger.example' });
    expect(isAllowedOrigin(req, publicUrl, false)).to.equal(true);
  });

  it("allows the request's own origin", () => {
    const req = handshake({ host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' });
    expect(isAllowedOrigin(req, publicUrl, false)).to.equal(true);
  });

  it('rejects a foreign origin', () => {
    const req = handshake({ host: 'exchanger.example', origin: 'https://evil.example' });
    expect(isAllowedOrigin(req, publicUrl, false)).to.equal(false);
  });

  it('rejects the right host under the wrong scheme', () => {
    const req = handshake({ host: '127.0.0.1:4000', origin: 'https://127.0.0.1:4000' });
    expect(isAllowedOrigin(req, 'http://localhost:3000', false)).to.equal(false);
  });

  it('rejects a look-alike host that only starts with the public host', () => {
    const req = handshake({ host: 'exchanger.example', origin: 'https://exchanger.example.evil.example' });
    expect(isAllowedOrigin(req, publicUrl, false)).to.equal(false);
  });

  it('rejects the opaque origin "null"', () => {
    const req = handshake({ host: 'exchanger.example', origin: 'null' });
    expect(isAllowedOrigin(req, publicUrl, false)).to.equal(false);
  });

  it('ignores X-Forwarded-Host unless the proxy is trusted', () => {
    const headers = { host: '10.0.0.5:3000', origin: 'https://mirror.example', 'x-forwarded-host': 'mirror.example', 'x-forwarded-proto': 'https' };
    expect(isAllowedOrigin(handshake(headers), publicUrl, false)).to.equal(false);
    expect(isAllowedOrigin(handshake(headers), publicUrl, true)).to.equal(true);
  });
});
