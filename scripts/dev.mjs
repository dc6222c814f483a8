#!/usr/bin/env node
/**
 * `npm run dev`: the backend restarted on every change (`tsx watch backend/main.ts`, port 3000)
 * and the Vite dev server with hot reload (http://localhost:5173, proxying /api, /socket.io,
 * /export, /builds and /metrics to the backend). Open http://localhost:5173.
 * Ctrl+C stops both; when one of them exits, the other is stopped too.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');
const VITE_PORT = process.env.VITE_PORT ?? '5173';

const processes = [
  {
    label: 'api',
    command: join(BIN, 'tsx'),
    args: ['watch', '--clear-screen=false', 'backend/main.ts'],
    // The browser talks to the Vite server, so that is the public origin (links, Socket.IO Origin check).
    env: { PUBLIC_URL: `http://localhost:${VITE_PORT}`, ...process.env },
  },
  {
    label: 'web',
    command: join(BIN, 'vite'),
    args: ['--config', 'frontend/vite.config.ts', '--port', VITE_PORT, '--strictPort'],
    env: process.env,
  },
];

const children = [];
let stopping = false;

function prefixLines(label, target) {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) target.write(`[${label}] ${line}\n`);
  };
}

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = exitCode;
}

for (const { label, command, args, env } of processes) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', prefixLines(label, process.stdout));
  child.stderr.on('data', prefixLines(label, process.stderr));
  child.on('error', (error) => {
    console.error(`[${label}] could not start: ${error.message}`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[${label}] exited (${signal ?? code}); stopping the others`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
