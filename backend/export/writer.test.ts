import { expect } from 'chai';
import { ChunkedUtf8Writer, Utf8Writer } from './writer';

describe('Utf8Writer', () => {
  it('keeps every byte when it grows past its first size', () => {
    const writer = new Utf8Writer(1024);
    const line = `${'x'.repeat(99)}\n`;
    for (let index = 0; index < 50; index += 1) writer.write(line);
    expect(writer.toBuffer().toString('utf8')).to.equal(line.repeat(50));
  });

  it('encodes Cyrillic and characters outside the basic plane as UTF-8', () => {
    const writer = new Utf8Writer(0);
    writer.write('Москва ');
    writer.write('💱');
    expect(writer.toBuffer()).to.deep.equal(Buffer.from('Москва 💱', 'utf8'));
  });

  it('is empty when nothing was written', () => {
    expect(new Utf8Writer(10).toBuffer().length).to.equal(0);
  });
});

describe('ChunkedUtf8Writer', () => {
  it('writes what was appended, in order, across many chunks and whatever the characters', () => {
    const writer = new ChunkedUtf8Writer(16);
    const parts = Array.from({ length: 5000 }, (_, index) => `${index};Москва;💱;${'x'.repeat(index % 13)}\n`);
    for (const part of parts) writer.append(part);
    expect(writer.toBuffer()).to.deep.equal(Buffer.from(parts.join(''), 'utf8'));
  });

  it('is empty when nothing was appended', () => {
    expect(new ChunkedUtf8Writer(10).toBuffer().length).to.equal(0);
  });
});
