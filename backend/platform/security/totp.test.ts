import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { generateSecret, otpauthUrl, qrDataUrl, totpCode, totpStep, verifyTotp } from './totp';

// RFC 6238 appendix B: the ASCII secret "12345678901234567890" (Base32 below), SHA-1, 8 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 10); // 10 s into a 30 s step
const STEP = Math.floor(NOW / 30000);

/** RFC 6238 computed independently of otplib (6 digits). */
function referenceCode(asciiSecret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', asciiSecret).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const value = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

describe('totp', () => {
  it('generates 160-bit Base32 secrets, different every time', () => {
    const a = generateSecret();
    expect(a).to.match(/^[A-Z2-7]{32}$/);
    expect(generateSecret()).to.not.equal(a);
  });

  it('computes the RFC 6238 code (checked against an independent HMAC)', () => {
    expect(totpCode(RFC_SECRET, NOW)).to.equal(referenceCode('12345678901234567890', STEP));
    expect(totpCode(RFC_SECRET, 59_000)).to.equal('287082'); // RFC 6238 T=59 s, last 6 of 94287082
    expect(totpStep(NOW)).to.equal(STEP);
  });

  it('accepts the current code and answers its step', () => {
    const code = referenceCode('12345678901234567890', STEP);
    expect(verifyTotp(RFC_SECRET, code, { lastUsedStep: null, now: NOW })).to.deep.equal({ step: STEP });
  });

  it('accepts the previous and the next step (±1 window), nothing further', () => {
    const secret = generateSecret();
    expect(verifyTotp(secret, totpCode(secret, NOW - 30000), { lastUsedStep: null, now: NOW })).to.deep.equal({ step: STEP - 1 });
    expect(verifyTotp(secret, totpCode(secret, NOW + 30000), { lastUsedStep: null, now: NOW })).to.deep.equal({ step: STEP + 1 });
    expect(verifyTotp(secret, totpCode(secret, NOW - 60000), { lastUsedStep: null, now: NOW })).to.equal(null);
    expect(verifyTotp(secret, totpCode(secret, NOW + 60000), { lastUsedStep: null, now: NOW })).to.equal(null);
  });

  it('rejects a code already used (its step equals lastUsedStep)', () => {
    const secret = generateSecret();
    const code = totpCode(secret, NOW);
    const first = verifyTotp(secret, code, { lastUsedStep: null, now: NOW });
    expect(first).to.deep.equal({ step: STEP });
    expect(verifyTotp(secret, code, { lastUsedStep: first!.step, now: NOW + 5000 })).to.equal(null);
  });

  it('rejects an older code once a newer one was used', () => {
    const secret = generateSecret();
    const previous = totpCode(secret, NOW - 30000);
    expect(verifyTotp(secret, previous, { lastUsedStep: STEP, now: NOW })).to.equal(null);
    expect(verifyTotp(secret, previous, { lastUsedStep: STEP - 2, now: NOW })).to.deep.equal({ step: STEP - 1 });
  });

  it('rejects a wrong, malformed or foreign code', () => {
    const secret = generateSecret();
    const code = totpCode(secret, NOW);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(verifyTotp(secret, wrong, { lastUsedStep: null, now: NOW })).to.equal(null);
    expect(verifyTotp(secret, '12345', { lastUsedStep: null, now: NOW })).to.equal(null);
    expect(verifyTotp(secret, 'abcdef', { lastUsedStep: null, now: NOW })).to.equal(null);
    expect(verifyTotp(secret, '', { lastUsedStep: null, now: NOW })).to.equal(null);
    expect(verifyTotp('not base32 !!', code, { lastUsedStep: null, now: NOW })).to.equal(null);
  });

  it('tolerates spaces inside the code ("123 456")', () => {
    const secret = generateSecret();
    const code = totpCode(secret, NOW);
    expect(verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, { lastUsedStep: null, now: NOW })).to.deep.equal({ step: STEP });
  });

  it('builds the otpauth URI with issuer and account', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ann@example.com', 'Обменник X'));
    expect(url.protocol).to.equal('otpauth:');
    expect(decodeURIComponent(url.pathname)).to.match(/Обменник X:ann@example\.com$/);
    expect(url.searchParams.get('secret')).to.equal('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).to.equal('Обменник X');
  });

  it('renders the URI as a PNG data URL', async () => {
    const dataUrl = await qrDataUrl(otpauthUrl('JBSWY3DPEHPK3PXP', 'ann@example.com', 'X'));
    expect(dataUrl).to.match(/^data:image\/png;base64,/);
    const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).to.equal('PNG');
  });
});
