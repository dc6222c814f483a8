import { expect } from 'chai';
import { linkSignatureValid, signLink } from './signedLink';

const NOW = new Date('2026-11-24T12:00:00Z');
const TTL = 300;

function parts(query: string): { expires: string; sig: string } {
  const params = new URLSearchParams(query);
  return { expires: params.get('expires')!, sig: params.get('sig')! };
}

describe('signed links', () => {
  it('holds for its subject until it expires, under any configured key', () => {
    const { expires, sig } = parts(signLink(['old-key'], 'order-file:A:card', NOW, TTL));
    expect(linkSignatureValid(['new-key', 'old-key'], 'order-file:A:card', expires, sig, NOW, TTL)).to.equal(true);
    expect(linkSignatureValid(['new-key', 'old-key'], 'order-file:A:card', expires, sig, new Date(NOW.getTime() + (TTL + 1) * 1000), TTL)).to.equal(false);
    expect(linkSignatureValid(['new-key'], 'order-file:A:card', expires, sig, NOW, TTL)).to.equal(false);
  });

  it('refuses another subject, a forged or missing signature, and an expiry further ahead than its lifetime', () => {
    const { expires, sig } = parts(signLink(['key'], 'requisite-photo:1', NOW, TTL));
    expect(linkSignatureValid(['key'], 'requisite-photo:2', expires, sig, NOW, TTL)).to.equal(false);
    expect(linkSignatureValid(['key'], 'requisite-photo:1', expires, `${sig.slice(0, -1)}A`, NOW, TTL)).to.equal(sig.endsWith('A'));
    expect(linkSignatureValid(['key'], 'requisite-photo:1', expires, undefined, NOW, TTL)).to.equal(false);
    const far = parts(signLink(['key'], 'requisite-photo:1', new Date(NOW.getTime() + 3600_000), TTL));
    expect(linkSignatureValid(['key'], 'requisite-photo:1', far.expires, far.sig, NOW, TTL)).to.equal(false);
  });
});
