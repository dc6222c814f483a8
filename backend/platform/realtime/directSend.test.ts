import { expect } from 'chai';
import { Encoder, PacketType } from 'socket.io-parser';
import WebSocket from 'ws';
import { encodeTick } from '../../orders/live';
import { textFrame } from './directSend';

/** What ws itself frames for a server's text message: header and body. */
function wsFrame(text: string): Buffer {
  const { Sender } = WebSocket as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } };
  const frame = Sender.frame(Buffer.from(text), {
    readOnly: false,
    mask: false,
    rsv1: false,
    opcode: 1,
    fin: true,
  });
  return Buffer.concat(frame);
}

describe('direct socket writes (directSend)', () => {
  it('frames text exactly as ws does, at every header size, in UTF-8', () => {
    for (const length of [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]) {
      const text = 'x'.repeat(length);
      expect(textFrame(text).equals(wsFrame(text)), `length ${length}`).to.equal(true);
    }
    for (const text of ['4["order:tick",{"uid":"Ж"}]', 'é'.repeat(63), '😀'.repeat(40), '€'.repeat(21_846)]) {
      expect(textFrame(text).equals(wsFrame(text)), text.slice(0, 10)).to.equal(true);
    }
  });

  it('encodes order:tick exactly as socket.io-parser encodes the event', () => {
    const encoder = new Encoder();
    const ticks = [
      { uid: '7K2M9Q4XZA', secondsLeft: 1799, expiresAt: '2026-11-22T10:00:00.000Z' },
      { uid: 'A', secondsLeft: 0, expiresAt: '2026-11-22T10:00:00.000Z' },
      // Not what a uid looks like, but the encoding must not depend on that.
      { uid: 'quo"te\\back\nline\u2028Ж😀', secondsLeft: 86_400, expiresAt: '</script>' },
    ];
    for (const tick of ticks) {
      const [expected] = encoder.encode({ type: PacketType.EVENT, nsp: '/', data: ['order:tick', tick] });
      expect(encodeTick(tick)).to.equal(expected);
    }
  });
});
