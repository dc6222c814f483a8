/**
 * Bench processes: the harness forks each server and client group as a child over IPC, asks it
 * things, and kills every child it started when it stops (normally, on an error or on Ctrl-C).
 * A child exits by itself when the harness goes away (its IPC channel closes).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** Every bench message names its kind. */
export interface BenchMessage {
  type: string;
  [field: string]: unknown;
}

/** A clock every process on the machine shares: epoch milliseconds with sub-millisecond steps. */
export function sharedClock(): number {
  return performance.timeOrigin + performance.now();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface BenchChild {
  readonly name: string;
  readonly pid: number;
  send(message: BenchMessage): void;
  /**
   * The next message of that type (or one already received and not taken) that `matches`,
   * within timeoutMs. Messages of that type that do not match are dropped.
   */
  receive<T extends BenchMessage>(type: string, timeoutMs: number, matches?: (message: T) => boolean): Promise<T>;
  /** Sends a message and waits for the answer of `replyType`. */
  ask<T extends BenchMessage>(message: BenchMessage, replyType: string, timeoutMs: number): Promise<T>;
  /** SIGTERM, then SIGKILL if it has not exited within a few seconds. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
const STOP_GRACE_MS = 4000;
let cleanupInstalled = false;

/** In the harness: whatever way it ends, no child outlives it. */
function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  const killAll = () => {
    for (const child of running) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

/** Forks `script` (a path relative to bench/) under tsx with an IPC channel. */
export function startChild(name: string, script: string, env: Record<string, string> = {}): BenchChild {
  installCleanup();
  const file = fileURLToPath(new URL(`../${script}`, import.meta.url));
  const child = fork(file, [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CHILD_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(child);
  const inbox: BenchMessage[] = [];
  interface Waiter {
    type: string;
    matches: (message: BenchMessage) => boolean;
    resolve: (message: BenchMessage) => void;
    reject: (error: Error) => void;
  }
  const waiters: Waiter[] = [];
  let exited: Error | null = null;

  child.on('message', (raw) => {
    const message = raw as BenchMessage;
    if (message.type === 'error') {
      const error = new Error(`${name}: ${String(message.message)}`);
      for (const waiter of waiters.splice(0)) waiter.reject(error);
      return;
    }
    const index = waiters.findIndex((waiter) => waiter.type === message.type);
    if (index === -1) inbox.push(message);
    else if (waiters[index].matches(message)) waiters.splice(index, 1)[0].resolve(message);
  });
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      exited = new Error(`${name} exited (${signal ?? code})`);
      for (const waiter of waiters.splice(0)) waiter.reject(exited);
      resolve();
    });
  });

  function receive<T extends BenchMessage>(type: string, timeoutMs: number, matches: (message: T) => boolean = () => true): Promise<T> {
    for (let index = inbox.findIndex((message) => message.type === type); index !== -1; index = inbox.findIndex((message) => message.type === type)) {
      const message = inbox.splice(index, 1)[0] as T;
      if (matches(message)) return Promise.resolve(message);
    }
    if (exited) return Promise.reject(exited);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`${name}: no "${type}" within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter: Waiter = {
        type,
        matches: matches as (message: BenchMessage) => boolean,
        resolve: (message: BenchMessage) => {
          clearTimeout(timer);
          resolve(message as T);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      waiters.push(waiter);
    });
  }

  return {
    name,
    pid: child.pid ?? -1,
    send: (message) => void child.send(message),
    receive,
    ask(message, replyType, timeoutMs) {
      const reply = receive(replyType, timeoutMs);
      child.send(message);
      return reply as never;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}

/** Child side: answers the harness, exits when it goes away, reports a failure as `error`. */
export function serveParent(handle: (message: BenchMessage) => Promise<void> | void): void {
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  process.on('message', (message) => {
    Promise.resolve(handle(message as BenchMessage)).catch((error: unknown) => fail(error));
  });
}

export function tell(message: BenchMessage): void {
  process.send?.(message);
}

export function fail(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${text}\n`);
  tell({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}

/** Runs a child's start-up; a failure is reported to the harness, then the child exits 1. */
export function runChild(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    fail(error);
    setTimeout(() => process.exit(1), 200);
  });
}
