import { expect } from 'chai';
import { io } from 'socket.io-client';
import type { AppSocket } from '../realtime/socket';
import { setOrderSocketSource, withOrderSocket } from './socketSource';

describe('attaching to the app’s socket from an effect (withOrderSocket)', () => {
  // A real client that never connects: only which socket the screens get matters here.
  const socket = io('http://127.0.0.1:9', { autoConnect: false }) as AppSocket;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => setOrderSocketSource(() => socket));
  afterEach(() => setOrderSocketSource(null));

  it('attaches once the socket is at hand and takes it back on cleanup', async () => {
    const calls: string[] = [];
    const cleanup = withOrderSocket((given) => {
      calls.push(given === socket ? 'attach' : 'attach to another socket');
      return () => calls.push('detach');
    });
    await tick();
    expect(calls).to.deep.equal(['attach']);
    cleanup();
    expect(calls).to.deep.equal(['attach', 'detach']);
  });

  it('never attaches when the cleanup came first (a screen gone before the socket loaded)', async () => {
    const calls: string[] = [];
    const cleanup = withOrderSocket(() => {
      calls.push('attach');
      return () => calls.push('detach');
    });
    cleanup();
    await tick();
    expect(calls).to.deep.equal([]);
  });

  it('waits for a source that loads its socket (the app’s loads the client on first use)', async () => {
    let release: (value: AppSocket) => void = () => undefined;
    setOrderSocketSource(() => new Promise<AppSocket>((resolve) => (release = resolve)));
    const attached: AppSocket[] = [];
    withOrderSocket((given) => {
      attached.push(given);
      return () => undefined;
    });
    await tick();
    expect(attached).to.deep.equal([]);
    release(socket);
    await tick();
    expect(attached).to.deep.equal([socket]);
  });
});
