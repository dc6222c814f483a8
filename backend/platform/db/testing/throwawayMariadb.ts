/**
 * Test support: a private MariaDB server in a temporary folder on a free port, which a test may
 * kill and start again to prove the pool fails fast during an outage and recovers afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const INSTALL = 'mariadb-install-db';
const SERVER = '/usr/sbin/mariadbd';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function mariadbServerAvailable(): boolean {
  return spawnSync(SERVER, ['--version']).status === 0 && spawnSync('which', [INSTALL]).status === 0;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export class ThrowawayMariadb {
  private process: ChildProcess | null = null;

  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(): Promise<ThrowawayMariadb> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-mariadb-'));
    const install = spawnSync(INSTALL, ['--no-defaults', `--datadir=${path.join(dir, 'data')}`, '--skip-test-db'], { encoding: 'utf8' });
    if (install.status !== 0) throw new Error(`${INSTALL} failed: ${install.stderr}`);
    const server = new ThrowawayMariadb(dir, await freePort());
    await server.start();
    return server;
  }

  /** Any user may connect: the server runs without grant tables. */
  url(database = 'mysql'): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server (again, on the same port and data) and waits until it accepts connections. */
  async start(): Promise<void> {
    const args = [
      '--no-defaults',
      `--datadir=${path.join(this.dir, 'data')}`,
      `--socket=${path.join(this.dir, 'mariadb.sock')}`,
      `--port=${this.port}`,
      '--bind-address=127.0.0.1',
      '--skip-grant-tables',
      '--innodb-buffer-pool-size=16M',
      ...(process.getuid?.() === 0 ? ['--user=root'] : []),
    ];
    this.process = spawn(SERVER, args, { stdio: 'ignore' });
    for (;;) {
      const ping = spawnSync('mariadb-admin', ['--no-defaults', '-h127.0.0.1', `-P${this.port}`, '-uroot', 'ping'], { stdio: 'ignore' });
      if (ping.status === 0) return;
      if (this.process.exitCode !== null) throw new Error(`mariadbd exited with ${this.process.exitCode}`);
      await sleep(50);
    }
  }

  /** Kills the server outright (as a crash would) and waits for it to exit. */
  async kill(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
