import { expect } from 'chai';
import { decodeHeader, parseMail } from './mime';

describe('mime reader', () => {
  it('decodes B and Q encoded words, joining adjacent ones', () => {
    expect(decodeHeader('=?UTF-8?B?0J/RgNC40LLQtdGC?= =?UTF-8?B?LCDQvNC40YA=?=')).to.equal('Привет, мир');
    expect(decodeHeader('=?utf-8?Q?caf=C3=A9_au_lait?=')).to.equal('café au lait');
    expect(decodeHeader('plain subject')).to.equal('plain subject');
  });

  it('reads folded headers and a quoted-printable single part', () => {
    const raw = [
      'From: a@example.com',
      'To: b@example.com',
      'Subject: a long',
      '  folded subject',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'caf=C3=A9 soft=',
      'break',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.subject).to.equal('a long folded subject');
    expect(mail.text).to.equal('café softbreak');
    expect(mail.html).to.equal('');
  });

  it('reads both parts of multipart/alternative and unescapes hrefs', () => {
    const raw = [
      'To: b@example.com',
      'Content-Type: multipart/alternative; boundary="--_b1"',
      '',
      '----_b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('текст').toString('base64'),
      '----_b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: 7bit',
      '',
      '<a href="http://x.test/a?b=1&amp;c=2">x</a>',
      '----_b1--',
      '',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.text.trim()).to.equal('текст');
    expect(mail.links).to.deep.equal(['http://x.test/a?b=1&c=2']);
  });
});
