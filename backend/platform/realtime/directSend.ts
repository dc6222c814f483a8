/**
 * Writing one small event to the local sockets of one room without Socket.IO's broadcast
 * machinery — for the order countdown, which sends thousands of different one-socket messages
 * every second (one per open order page).
 *
 * `io.local.to(room).emit(...)` builds two broadcast operators and a room set, looks the room and
 * each socket up, runs the parser (a scan for binary, then JSON) and builds the WebSocket frame as
 * a header and a body that go out as two corked writes — per room, so per page. Here the caller
 * keeps the room's member set (`members`, looked up once) and hands over the Socket.IO packet
 * already encoded (see `encodeTick` in backend/orders/live.ts); the frame is one buffer, header
 * and body together, passed to Engine.IO as a pre-encoded frame, the option the adapter's own
 * broadcast uses: websocket transports write it with one write, polling transports send the
 * packet as usual. Acks, binary data and `onAnyOutgoing` listeners are not supported (the app
 * uses none of them for these events).
 *
 * On a websocket whose Engine.IO socket holds nothing queued (the usual case) the frame goes
 * straight to the `ws` sender, as a raw `ws` server sends it: Engine.IO's own path (packet events,
 * buffer, flush, a write callback per packet) costs about as much again per socket, which counts
 * when one rates tick reaches 10,000 pages. Anything queued in Engine.IO goes out first, so the
 * frame takes the usual path behind it and the order is kept. `wsPreEncodedFrame`, Engine.IO's
 * `writeBuffer` and transport socket, `ws`'s `_sender` and the adapter's live room sets are
 * internals: package.json pins socket.io and engine.io exactly, and realtime/internals.int.test.ts
 * fails when an upgrade changes them.
 */
import type { RealtimeIO } from './types';

/** Engine.IO packet type "message", written before every Socket.IO packet. */
const ENGINE_MESSAGE = '4';

/** A final, unmasked WebSocket text frame of `text` (RFC 6455 §5.2), header and body in one buffer. */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN + opcode 1 (text)
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header, 'utf8');
  return frame;
}

/** Options Engine.IO's `write` passes on to the transport (its typings name only `compress`). */
interface PreEncodedOptions {
  compress?: boolean;
  wsPreEncodedFrame: Buffer[];
}

export interface DirectSender {
  /**
   * The ids of this process's sockets in `room`: the adapter's own live set, the same object for
   * as long as the room exists (the adapter emits `delete-room` when it empties); undefined when
   * no local socket is in the room.
   */
  members(room: string): ReadonlySet<string> | undefined;
  /** Writes one encoded Socket.IO packet to those sockets; returns how many it was written to. */
  write(members: ReadonlySet<string>, packet: string): number;
}

/** The parts of Engine.IO's socket a direct write looks at (internals, see above). */
interface EngineSocketInternals {
  readyState: string;
  writeBuffer: unknown[];
  transport: { name: string; perMessageDeflate?: unknown; socket?: { _sender?: { sendFrame?(list: Buffer[]): void } } };
}

/** The `ws` sender of a websocket transport with nothing queued in Engine.IO, or null. */
function idleWebSocketSender(conn: unknown): { sendFrame(list: Buffer[]): void } | null {
  const engine = conn as EngineSocketInternals;
  if (engine.readyState !== 'open' || engine.writeBuffer.length !== 0) return null;
  const { transport } = engine;
  if (transport.name !== 'websocket' || transport.perMessageDeflate) return null;
  const sender = transport.socket?._sender;
  return typeof sender?.sendFrame === 'function' ? (sender as { sendFrame(list: Buffer[]): void }) : null;
}

/** Direct writes to the sockets of the main namespace, this process's only. */
export function createDirectSender(io: RealtimeIO): DirectSender {
  const nsp = io.of('/');
  return {
    members: (room) => nsp.adapter.rooms.get(room),
    write(members, packet) {
      if (members.size === 0) return 0;
      const frame = [textFrame(ENGINE_MESSAGE + packet)];
      const options: PreEncodedOptions = { wsPreEncodedFrame: frame };
      let sent = 0;
      for (const id of members) {
        const socket = nsp.sockets.get(id);
        if (socket === undefined || !socket.connected) continue;
        const direct = idleWebSocketSender(socket.conn);
        if (direct !== null) direct.sendFrame(frame);
        else socket.conn.write(packet, options);
        sent += 1;
      }
      return sent;
    },
  };
}
