import { expect } from 'chai';
import { parseJsonBody, readDecimal, readInteger } from './json';
import { expectProviderError } from './testing/expectProviderError';

const parsed = (text: string) => parseJsonBody('test', new TextEncoder().encode(text));

describe('lossless JSON reading', () => {
  it('keeps more digits than a double holds', () => {
    const body = parsed('{"price": 0.12345678901234567890123}') as { price: unknown };
    expect(readDecimal(body.price)).to.equal('0.12345678901234567890123');
  });

  it('writes an exponent as a plain decimal', () => {
    const body = parsed('{"price": 3.21e-8}') as { price: unknown };
    expect(readDecimal(body.price)).to.equal('0.0000000321');
  });

  it('drops trailing zeros of a decimal string', () => {
    expect(readDecimal('104250.01000000')).to.equal('104250.01');
  });

  it('reads no decimal from a negative number', () => {
    expect(readDecimal((parsed('[-1.5]') as unknown[])[0])).to.equal(undefined);
  });

  it('reads no decimal from a string that is not one', () => {
    expect(readDecimal('1e5')).to.equal(undefined);
  });

  it('reads a millisecond timestamp as an integer', () => {
    expect(readInteger((parsed('[1768554867123]') as unknown[])[0])).to.equal(1768554867123);
  });

  it('reads no integer from a fraction', () => {
    expect(readInteger((parsed('[1.5]') as unknown[])[0])).to.equal(undefined);
  });

  it('turns a body that is not JSON into a payload error', async () => {
    await expectProviderError(
      Promise.resolve().then(() => parsed('<html>')),
      'payload',
    );
  });
});
