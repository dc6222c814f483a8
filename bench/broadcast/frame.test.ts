import { expect } from 'chai';
import { Encoder, PacketType } from 'socket.io-parser';
import { socketIoFrame } from './frame';

describe('socketIoFrame', () => {
  it('is the text Socket.IO writes to a websocket for an event on the main namespace', () => {
    const update = { version: 7, rates: [{ from: 'BTC', to: 'SBERRUB', rate: '7850123.5', note: 'quote " and \\ and ü' }], removed: [], at: '2026-11-21T20:00:00.000Z' };
    const [encoded] = new Encoder().encode({ type: PacketType.EVENT, nsp: '/', data: ['rates:update', update] });
    expect(socketIoFrame('rates:update', update)).to.equal(`4${String(encoded)}`);
  });
});
