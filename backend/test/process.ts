import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BACKEND_DIR = fileURLToPath(new URL('../', import.meta.url));
const TSX_LOADER = import.meta.resolve('tsx');

export interface BackendProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything written to stdout / stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the first JSON log line that matches. */
  waitForLog(matches: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Resolves with the exit code once the process has ended. */
  exited(): Promise<number | null>;
}

/**
 * Runs a backend entry file (`main.ts`, `cli.ts`) through tsx as its own process, with exactly
 * the given environment (plus PATH) and working directory.
 */
export function runBackend(file: string, args: string[], env: Record<string, string>, cwd: string): BackendProcess {
  return runNode(['--import', TSX_LOADER, `${BACKEND_DIR}${file}`, ...args], env, cwd);
}

/** Runs `node <args>` (the compiled server, say) the way runBackend runs a source entry. */
export function runNode(nodeArgs: string[], env: Record<string, string>, cwd: string): BackendProcess {
  const child = spawn(process.execPath, nodeArgs, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let out = '';
  let err = '';
  const lineWaiters: Array<{ matches: (line: Record<string, unknown>) => boolean; resolve(line: Record<string, unknown>): void }> = [];
  const seen: Array<Record<string, unknown>> = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const text of lines) {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text);
      } catch {
        continue;
      }
      seen.push(line);
      for (const waiter of lineWaiters.filter((w) => w.matches(line))) {
        lineWaiters.splice(lineWaiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitForLog(matches) {
      const found = seen.find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        lineWaiters.push({ matches, resolve });
        void exit.then((code) => reject(new Error(`process exited (${code}) first; stderr: ${err}`)));
      });
    },
    exited: () => exit,
  };
}
