import { expect } from 'chai';
import { hashOrderSecret, newOrderSecret, newOrderUid, orderSecretMatches, SECRET_PATTERN, UID_PATTERN } from './secrets';

describe('order uid and secret', () => {
  it('draws 10-character Crockford base32 uids (no I, L, O, U)', () => {
    const uids = new Set(Array.from({ length: 2000 }, newOrderUid));
    expect(uids.size).to.equal(2000);
    for (const uid of uids) expect(uid).to.match(UID_PATTERN).and.not.match(/[ILOU]/);
    const letters = new Set([...uids].join(''));
    expect(letters.size).to.equal(32);
  });

  it('draws 256-bit base64url secrets and matches only the one whose hash is stored', () => {
    const secret = newOrderSecret();
    expect(secret).to.match(SECRET_PATTERN);
    expect(Buffer.from(secret, 'base64url')).to.have.length(32);
    const hash = hashOrderSecret(secret);
    expect(hash).to.match(/^[0-9a-f]{64}$/);
    expect(orderSecretMatches(hash, secret)).to.equal(true);
    expect(orderSecretMatches(hash, newOrderSecret())).to.equal(false);
    expect(orderSecretMatches('abc', secret)).to.equal(false);
  });
});
