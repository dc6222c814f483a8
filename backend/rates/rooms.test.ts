import { expect } from 'chai';
import { Server } from 'socket.io';
import type { DirectionRateDto } from '../../common/catalogue';
import type { RatesUpdate } from '../../common/events';
import type { RealtimeIO } from '../platform/realtime/types';
import { roomBroadcast } from './rooms';

const RATE: DirectionRateDto = {
  from: 'BTC',
  to: 'SBERRUB',
  rate: '7850123.5',
  in: '1',
  out: '7850123.5',
  reserve: '1000000',
  min: '0.001',
  max: '1',
  rateTypes: ['float'],
  manual: false,
  updatedAt: '2026-11-27T21:00:00.000Z',
  stale: false,
};

describe('roomBroadcast', () => {
  let io: RealtimeIO;
  /** Broadcasts the adapter was asked to encode, by event. */
  let encoded: string[];

  beforeEach(() => {
    // A server attached to no HTTP server: its main namespace and adapter, nothing listening.
    io = new Server() as unknown as RealtimeIO;
    const adapter = io.of('/').adapter;
    const broadcast = adapter.broadcast.bind(adapter);
    encoded = [];
    adapter.broadcast = (packet, options) => {
      encoded.push(String((packet.data as unknown[])[0]));
      broadcast(packet, options);
    };
  });

  it('encodes the whole-feed update and the reserves only while a local socket is in their rooms', async () => {
    const rooms = roomBroadcast(io);
    const update: RatesUpdate = { version: 2, rates: [RATE], removed: [], at: RATE.updatedAt };
    rooms.rates(update, new Map());
    rooms.reserves({ version: 2, reserves: [{ code: 'BTC', amount: '3' }], removed: [], at: RATE.updatedAt });
    expect(encoded).to.deep.equal([]);
    await io.of('/').adapter.addAll('page', new Set(['rates']));
    rooms.rates({ ...update, version: 3 }, new Map());
    rooms.reserves({ version: 3, reserves: [{ code: 'BTC', amount: '4' }], removed: [], at: RATE.updatedAt });
    expect(encoded).to.deep.equal(['rates:update', 'reserves:update']);
  });
});
