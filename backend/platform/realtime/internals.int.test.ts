/**
 * Tripwires for the Socket.IO and Engine.IO internals `directSend.ts` and `orders/live.ts` rely on
 * (package.json pins socket.io and engine.io exactly for them). When an upgrade fails here, read
 * those two files before changing anything: the countdown would otherwise go quiet or slow
 * without any other test noticing.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { createDirectSender, textFrame } from './directSend';
import type { RealtimeIO } from './types';

describe('Socket.IO and Engine.IO internals the direct sends rely on (tripwires for the pinned versions)', function () {
  this.timeout(15_000);
  let http: HttpServer;
  let io: RealtimeIO;
  let url: string;
  const clients: ClientSocket[] = [];

  before(async () => {
    http = createServer();
    io = new Server(http) as unknown as RealtimeIO;
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });

  after(async () => {
    await io.close();
  });

  async function connected(transport: 'websocket' | 'polling'): Promise<{ client: ClientSocket; id: string }> {
    const client = connect(url, { transports: [transport], forceNew: true });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    return { client, id: client.id! };
  }

  it("keeps one live member set per room (socket.io-adapter's `rooms`), announced by `create-room` and `delete-room`", async () => {
    const sender = createDirectSender(io);
    const first = await connected('websocket');
    const second = await connected('websocket');
    const created: Array<ReadonlySet<string> | undefined> = [];
    const onCreate = (room: string) => room === 'tripwire' && created.push(sender.members(room));
    io.of('/').adapter.on('create-room', onCreate);
    io.of('/').sockets.get(first.id)!.join('tripwire');
    io.of('/').adapter.off('create-room', onCreate);
    expect(created).to.have.length(1);
    expect(created[0]).to.equal(sender.members('tripwire'));
    const members = sender.members('tripwire')!;
    expect([...members]).to.deep.equal([first.id]);
    io.of('/').sockets.get(second.id)!.join('tripwire');
    expect(sender.members('tripwire')).to.equal(members);
    expect([...members]).to.have.members([first.id, second.id]);
    const deleted = new Promise<string>((resolve) => io.of('/').adapter.once('delete-room', resolve));
    io.of('/').sockets.get(first.id)!.leave('tripwire');
    io.of('/').sockets.get(second.id)!.leave('tripwire');
    expect(await deleted).to.equal('tripwire');
    expect(sender.members('tripwire')).to.equal(undefined);
  });

  it('sends the pre-encoded frame as is on a websocket (engine.io honours `wsPreEncodedFrame`)', async () => {
    const { client, id } = await connected('websocket');
    const heard = new Promise<string>((resolve) => client.onAny((event: string) => resolve(event)));
    // The packet and the frame differ on purpose: what arrives shows which one engine.io wrote.
    io.of('/').sockets.get(id)!.conn.write('2["from-packet"]', { wsPreEncodedFrame: [textFrame('42["from-frame"]')] } as { compress?: boolean });
    expect(await heard).to.equal('from-frame');
  });

  it('writes one direct packet to every member, on websocket and polling alike', async () => {
    const sender = createDirectSender(io);
    const sockets = [await connected('websocket'), await connected('polling')];
    for (const { id } of sockets) io.of('/').sockets.get(id)!.join('both');
    const heard = sockets.map(({ client }) => new Promise<unknown[]>((resolve) => client.once('probe', (...args: unknown[]) => resolve(args))));
    expect(sender.write(sender.members('both')!, '2["probe",{"n":1}]')).to.equal(2);
    for (const args of await Promise.all(heard)) expect(args).to.deep.equal([{ n: 1 }]);
  });

  it('writes straight to an idle websocket, and behind what engine.io still holds queued (the order kept)', async () => {
    const sender = createDirectSender(io);
    const { client, id } = await connected('websocket');
    const socket = io.of('/').sockets.get(id)!;
    socket.join('order');
    const conn = socket.conn as unknown as { writeBuffer: unknown[] };
    const heard: string[] = [];
    const all = new Promise<void>((resolve) =>
      client.onAny((event: string) => {
        heard.push(event);
        if (heard.length === 4) resolve();
      }),
    );
    expect(conn.writeBuffer).to.have.length(0);
    sender.write(sender.members('order')!, '2["first"]');
    // engine.io's first packet leaves the transport busy until its write completes: the next one
    // waits in engine.io's buffer, and the direct write after it must not overtake it.
    socket.conn.write('2["second"]');
    socket.conn.write('2["third"]');
    expect(conn.writeBuffer.length, 'engine.io holds a packet').to.be.above(0);
    sender.write(sender.members('order')!, '2["fourth"]');
    await all;
    expect(heard).to.deep.equal(['first', 'second', 'third', 'fourth']);
  });
});
