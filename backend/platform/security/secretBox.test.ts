import { expect } from 'chai';
import { open, openWithAny, seal, SecretBoxError } from './secretBox';

const KEY = 'a-session-key-of-at-least-32-characters-0001';
const OTHER = 'a-session-key-of-at-least-32-characters-0002';

function flipByte(sealed: string, index: number): string {
  const [version, body] = sealed.split('.');
  const raw = Buffer.from(body!, 'base64url');
  raw[index] = raw[index]! ^ 0x01;
  return `${version}.${raw.toString('base64url')}`;
}

describe('secretBox', () => {
  it('opens what it sealed', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', KEY);
    expect(sealed).to.match(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).to.not.contain('JBSWY3DPEHPK3PXP');
    expect(open(sealed, KEY)).to.equal('JBSWY3DPEHPK3PXP');
  });

  it('round-trips empty and non-ASCII plaintexts', () => {
    expect(open(seal('', KEY), KEY)).to.equal('');
    expect(open(seal('секрет 🔑', KEY), KEY)).to.equal('секрет 🔑');
  });

  it('uses a fresh IV: the same plaintext seals differently each time', () => {
    const a = seal('same', KEY);
    const b = seal('same', KEY);
    expect(a).to.not.equal(b);
    expect(Buffer.from(a.slice(3), 'base64url').subarray(0, 12)).to.not.deep.equal(Buffer.from(b.slice(3), 'base64url').subarray(0, 12));
  });

  it('detects tampering with the IV, the tag and the ciphertext', () => {
    const sealed = seal('a secret worth keeping', KEY);
    for (const index of [0, 11, 12, 27, 28, 40]) {
      expect(() => open(flipByte(sealed, index), KEY), `byte ${index}`).to.throw(SecretBoxError);
    }
  });

  it('detects a truncated value', () => {
    const sealed = seal('a secret worth keeping', KEY);
    expect(() => open(sealed.slice(0, -4), KEY)).to.throw(SecretBoxError);
    expect(() => open('v1.AAAA', KEY)).to.throw(SecretBoxError, /too short/);
  });

  it('refuses a wrong key', () => {
    expect(() => open(seal('secret', KEY), OTHER)).to.throw(SecretBoxError);
  });

  it('refuses an unknown version', () => {
    const sealed = seal('secret', KEY);
    expect(() => open(`v2${sealed.slice(2)}`, KEY)).to.throw(SecretBoxError, /unknown sealed format/);
    expect(() => open('plaintext', KEY)).to.throw(SecretBoxError, /unknown sealed format/);
  });

  it('binds the context: a value sealed for one row does not open for another', () => {
    const sealed = seal('secret', KEY, { context: 'user:1:totp' });
    expect(open(sealed, KEY, { context: 'user:1:totp' })).to.equal('secret');
    expect(() => open(sealed, KEY, { context: 'user:2:totp' })).to.throw(SecretBoxError);
    expect(() => open(sealed, KEY)).to.throw(SecretBoxError);
  });

  it('opens with an older key during rotation and says so', () => {
    const old = seal('secret', OTHER);
    expect(openWithAny(old, [KEY, OTHER])).to.deep.equal({ plaintext: 'secret', rotated: true });
    expect(openWithAny(seal('secret', KEY), [KEY, OTHER])).to.deep.equal({ plaintext: 'secret', rotated: false });
    expect(() => openWithAny(old, [KEY])).to.throw(SecretBoxError, /any configured key/);
  });

  it('refuses empty key material', () => {
    expect(() => seal('secret', '')).to.throw(SecretBoxError);
  });
});
