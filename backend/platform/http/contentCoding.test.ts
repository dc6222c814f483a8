import { expect } from 'chai';
import { acceptableCodings, chooseCoding } from './contentCoding';

describe('choosing a content coding from Accept-Encoding', () => {
  it('prefers br when a browser lists gzip first with the same q', () => {
    expect(chooseCoding('gzip, deflate, br, zstd')).to.equal('br');
    expect(acceptableCodings('gzip, deflate, br')).to.deep.equal(['br', 'gzip', 'identity']);
  });

  it('follows q-values over its own preference', () => {
    expect(chooseCoding('gzip;q=1, br;q=0.5')).to.equal('gzip');
    expect(chooseCoding('br;q=0.2, identity;q=0.9')).to.equal('identity');
  });

  it('never picks a coding refused with q=0', () => {
    expect(chooseCoding('br;q=0, gzip')).to.equal('gzip');
    expect(acceptableCodings('br;q=0, gzip;q=0')).to.deep.equal(['identity']);
    expect(acceptableCodings('BR;Q=0')).to.deep.equal(['identity']);
  });

  it('sends identity without the header, with an empty one, or for codings it does not keep', () => {
    expect(chooseCoding(undefined)).to.equal('identity');
    expect(chooseCoding('')).to.equal('identity');
    expect(chooseCoding('deflate, zstd')).to.equal('identity');
  });

  it('reads * as every coding not named, identity included', () => {
    expect(chooseCoding('*')).to.equal('br');
    expect(acceptableCodings('gzip, *;q=0')).to.deep.equal(['gzip']);
    expect(acceptableCodings('*;q=0')).to.deep.equal([]);
  });

  it('falls back to identity when the client refuses everything (identity;q=0 alone)', () => {
    expect(acceptableCodings('identity;q=0')).to.deep.equal([]);
    expect(chooseCoding('identity;q=0')).to.equal('identity');
  });

  it('offers only what the caller has', () => {
    expect(chooseCoding('br, gzip', ['gzip', 'identity'])).to.equal('gzip');
  });
});
