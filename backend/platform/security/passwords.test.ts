import { expect } from 'chai';
import { COMMON_PASSWORD_COUNT, dummyVerify, hashPassword, isCommonPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at m=19456 KiB, t=2, p=1 (PHC order m,p,t) and a random salt', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).to.match(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(first).to.not.equal(second);
    expect(needsRehash(first)).to.equal(false);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('Tr0ub4dor&3');
    expect(await verifyPassword(hash, 'Tr0ub4dor&3')).to.equal(true);
    expect(await verifyPassword(hash, 'Tr0ub4dor&4')).to.equal(false);
    expect(await verifyPassword(hash, '')).to.equal(false);
  });

  it('does not truncate long passwords (a change in the 100th character counts)', async () => {
    const long = 'x'.repeat(99) + 'a';
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long)).to.equal(true);
    expect(await verifyPassword(hash, 'x'.repeat(99) + 'b')).to.equal(false);
    expect(await verifyPassword(hash, 'x'.repeat(99))).to.equal(false);
  });

  it('verifies non-ASCII passwords', async () => {
    const hash = await hashPassword('пароль-Ёж-🔐');
    expect(await verifyPassword(hash, 'пароль-Ёж-🔐')).to.equal(true);
    expect(await verifyPassword(hash, 'пароль-Еж-🔐')).to.equal(false);
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).to.equal(false);
  });

  it('flags weaker stored parameters for rehashing', () => {
    const weak = '$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$9sTbSlTio3Biev89thdrlKKiCaYsjjYVJxGAL3swxpQ';
    expect(needsRehash(weak)).to.equal(true);
  });

  it('dummyVerify always answers false', async () => {
    expect(await dummyVerify('password')).to.equal(false);
    expect(await dummyVerify()).to.equal(false);
  });

  it('recognises the most common passwords whatever their case', () => {
    for (const password of ['123456', 'password', 'qwerty123', 'PassWord1', 'ghbdtn', ' iloveyou ', '1q2w3e4r']) {
      expect(isCommonPassword(password), password).to.equal(true);
    }
  });

  it('accepts passwords that are not on the list', () => {
    for (const password of ['v9#Lq2!mZr', 'correct horse battery staple', 'обмен-валют-2026-Ёж']) {
      expect(isCommonPassword(password), password).to.equal(false);
    }
  });

  it('recognises common passwords that pass the strength rule (the ones the check is for)', () => {
    for (const password of ['P@ssw0rd', '!QAZ2wsx', '1qaz@WSX', 'Pa$$w0rd', 'Zaq!2wsx', 'Sasha_007']) {
      expect(isCommonPassword(password), password).to.equal(true);
    }
  });

  it('knows the whole packaged list (tens of thousands of entries, not a hand-typed top)', () => {
    expect(COMMON_PASSWORD_COUNT).to.be.at.least(45_000);
  });
});
